# expect: COS301
"""Heads of other frameworks: Flax kernels, GGUF tensors, safetensors, TransformerLens directions."""
import jax.numpy as jnp
import torch
import torch.nn.functional as F
from safetensors import safe_open

kern = params["params"]["head"]["kernel"]
flax_dot = jnp.dot(kern[:, 0], kern[:, 1])  # expect: COS102
flax_dims = jnp.dot(kern[0], kern[1])

with safe_open("model.safetensors", framework="pt") as f:
    out_w = f.get_tensor("lm_head.weight")
st_sim = F.cosine_similarity(out_w[10], out_w[20], dim=0)  # expect: COS101

gguf_out = gguf_tensors["output.weight"]
g_sim = F.cosine_similarity(gguf_out[1], gguf_out[2], dim=0)  # expect: COS101

# direct logit attribution: dot products with the residual stream are fine
directions = tl_model.tokens_to_residual_directions(answer_tokens)
logit_diff_dir = directions[:, 0] - directions[:, 1]
dla = (resid @ logit_diff_dir.T).mean()
io_dir = tl_model.W_U[:, io_tok] - tl_model.W_U[:, s_tok]
contrast_cos = F.cosine_similarity(io_dir, other_dir, dim=0)

for name, row in zip(labels, tl_model.W_U.T):
    per_label = F.cosine_similarity(row, tl_model.W_U.T[0], dim=0)  # expect: COS101

probe_w = probe.weight
pw = probe_w @ probe_w.T  # expect: COS102

# code written into a generated notebook is analysed too (at lower confidence)
import nbformat

nb = nbformat.v4.new_notebook()
nb.cells.append(nbformat.v4.new_code_cell("W = model.lm_head.weight\nsims = W @ W.T"))  # expect: COS102
nb.cells.append(nbformat.v4.new_code_cell("x = 1\nprint(x)"))
