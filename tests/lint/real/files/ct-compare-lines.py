# cosaudit corpus, synthetic file: same shape as curt-tigges/eliciting-latent-sentiment/compare_lines.py at 037cbc9c18867e03da14ceace612ab7e0f9449f7 (licence MIT); new code, no text copied.
# %%
import einops
import numpy as np
import plotly.express as px

from utils.store import load_array

MODEL = "gpt2-small"
embed_only = load_array("km_line_embed_only", MODEL)
embed_mlp = load_array("km_line_embed_and_mlp0", MODEL)
unembed_t = load_array("km_line_unembed_transpose", MODEL)
# %%
stacked = np.stack([embed_only, embed_mlp, unembed_t])
stacked = stacked / np.linalg.norm(stacked, axis=1, keepdims=True)
sims = einops.einsum(stacked, stacked, "m d, n d -> m n")
# %%
names = ["embed_only", "embed_and_mlp", "unembed_transpose"]
px.imshow(sims, x=names, y=names, title="Agreement between sentiment directions found three ways")
