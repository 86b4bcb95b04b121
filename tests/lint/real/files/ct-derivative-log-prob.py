# cosaudit corpus, synthetic file: same shape as curt-tigges/eliciting-latent-sentiment/derivative_log_prob.py at 037cbc9c18867e03da14ceace612ab7e0f9449f7 (licence MIT); new code, no text copied.
# %%
import einops
import torch
from transformer_lens import HookedTransformer

from utils.store import load_array, save_array

model = HookedTransformer.from_pretrained("gpt2-small")
ACT = "blocks.0.hook_resid_post"
# %%
tokens = model.to_tokens(["The movie was great and I loved it"])
answer = model.to_single_token(" great")
_, cache = model.run_with_cache(tokens, names_filter=ACT)
resid = cache[ACT].clone().requires_grad_(True)
logits = model(resid, start_at_layer=1)
log_prob = logits.log_softmax(-1)[0, -1, answer]
log_prob.backward()
# %%
grad = einops.reduce(resid.grad[:, 1:3, :], "batch pos d_model -> d_model", "mean")
sentiment_dir = torch.tensor(load_array("km_line_embed_and_mlp0", model), dtype=torch.float32)
# %%
agreement = einops.einsum(
    grad / grad.norm(),
    sentiment_dir / sentiment_dir.norm(),
    "d_model, d_model -> ",
)
print(agreement)
save_array(grad, "derivative_log_prob", model)
