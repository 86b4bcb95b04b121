# cosaudit corpus, synthetic file: same shape as bpwu1/confidence-regulation-neurons/plot_generation/fig1.py at 6ad8f132f5c02c88d663898097934d230cf9d2c1 (licence NOASSERTION); new code, no text copied.
# %%
import pandas as pd
import plotly.express as px
import torch

from helpers import load_tl_model   # wraps HookedTransformer.from_pretrained

torch.set_grad_enabled(False)
MODEL = "gpt2-small"
FLAGGED = {"gpt2-small": [584, 2378, 2870, 2123, 1611, 2910]}

# %%
model = load_tl_model(MODEL)
w_out = model.W_out[-1]                       # (d_mlp, d_model), last MLP layer
raw = w_out @ model.W_U
unit_w = w_out / w_out.norm(dim=1, keepdim=True)
cos_to_vocab = unit_w @ (model.W_U / model.W_U.norm(dim=0, keepdim=True))

# %%
df = pd.DataFrame({
    "norm": w_out.norm(dim=1).cpu(),
    "spread": cos_to_vocab.var(dim=1).cpu(),
    "raw_spread": raw.var(dim=1).cpu(),
})
df["kind"] = ["entropy" if i in FLAGGED[MODEL] else "other" for i in range(len(df))]
px.scatter(df, x="norm", y="spread", color="kind", log_y=True,
           title="weight norm vs spread of cosines to the vocabulary").show()
