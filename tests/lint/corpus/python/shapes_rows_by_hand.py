# expect: COS301
"""Hand-written cosines with one label's row on one side.

The shapes: a hidden state and the top prediction's row over both norms (inline, or kept in names
beforehand); each token's input and output embeddings as unit rows, multiplied
elementwise and summed, in JAX; a helper that multiplies unit classifier rows by unit vectors of
ours; a row made unit first and a delta divided by its own norm later; norms written
`sqrt(sum(x ** 2))` or `jnp.linalg.norm`; an analogy (`woman - man + king`, which moves with the rows)
against one row and against all of them; a unit vector and a unit row contracted by `einops.einsum`;
a helper's comprehension `[dot(a, b) / (norm_a * norm(b)) for b in bs]`. The look-alikes stay quiet:
two offsets (woman − man and
queen − king), a delta along the unit row, the same over the row's norm alone (a projection),
over two norms neither of which is the row's, the raw input-output product (the direct path's
logits), and the helper's comprehension of raw products given a hidden state.

Shapes seen in public logit-geometry scripts and embedding-alignment analyses; written for cosaudit's tests.
"""
import einops
import jax.numpy as jnp
import numpy as np
import torch
from torch import nn

W_U = model.lm_head.weight.detach().float().numpy()
top1 = int(np.argmax(logits))
cos_top = np.dot(h, W_U[top1]) / (np.linalg.norm(h) * np.linalg.norm(W_U[top1]))  # expect: COS120
W_U_norms = np.linalg.norm(W_U, axis=1)
h_norm = np.linalg.norm(h)
cos_top_named = np.dot(h, W_U[top1]) / (h_norm * W_U_norms[top1] + 1e-8)  # expect: COS120

emb = tl_model.embed.W_E
unemb = tl_model.unembed.W_U
sample_E = emb[:500]
sample_U = unemb[:, :500].T
e_normed = sample_E / (jnp.linalg.norm(sample_E, axis=-1, keepdims=True) + 1e-10)
u_normed = sample_U / (jnp.linalg.norm(sample_U, axis=-1, keepdims=True) + 1e-10)
alignment = jnp.sum(e_normed * u_normed, axis=-1)  # expect: COS120

W = nn.functional.normalize(resnet.fc.weight, dim=1)
H = torch.randn(100, 512)
H /= torch.norm(H, dim=1, keepdim=True)


def margins(weights, feats):
    scores = weights @ feats.T
    return scores.max(0).values


sep = margins(W, H)  # expect: COS120

w_attr = model.lm_head.weight[attr].detach().cpu().float()
w_attr_unit = w_attr / w_attr.norm()
delta = h_after - h_before
delta_norm = np.linalg.norm(delta)
cos_delta = float(np.dot(delta, w_attr_unit.numpy()) / delta_norm)  # expect: COS120

target_col = unemb[:, target]
target_norm = jnp.sqrt(jnp.sum(target_col**2)).clip(1e-8)
resid_norm = jnp.sqrt(jnp.sum(resid**2)).clip(1e-8)
cos_resid = float(jnp.sum(resid * target_col) / (resid_norm * target_norm))  # expect: COS120
cos_linalg = jnp.dot(resid, target_col) / (jnp.linalg.norm(resid) * jnp.linalg.norm(target_col))  # expect: COS120

gamma = model.lm_head.weight.data.float()
v_synthetic = gamma[woman] - gamma[man] + gamma[king]
cos_queen = torch.dot(v_synthetic, gamma[queen]) / (torch.norm(v_synthetic) * torch.norm(gamma[queen]))  # expect: COS120
ranked = (gamma @ v_synthetic) / (torch.norm(gamma, dim=1) * torch.norm(v_synthetic))  # expect: COS120

unit_resid = resid / resid.norm()
unit_answer = torch.nn.functional.normalize(tl_model.W_U[:, answer], dim=0)
alignment_einsum = einops.einsum(unit_resid, unit_answer, "d_model, d_model ->")  # expect: COS120

# look-alikes
answer_logit = einops.einsum(resid, tl_model.W_U[:, answer], "d_model, d_model ->")
gender = gamma[woman] - gamma[man]
royalty = gamma[queen] - gamma[king]
offsets = torch.dot(gender, royalty) / (torch.norm(gender) * torch.norm(royalty))
along_attr = float(np.dot(delta, w_attr_unit.numpy()))
along_target = float(jnp.sum(resid * target_col) / target_norm)
projection = np.dot(h, W_U[top1]) / np.linalg.norm(W_U[top1])
other_norms = np.dot(h, W_U[top1]) / (np.linalg.norm(h) * np.linalg.norm(g))
direct_path = jnp.sum(sample_E * sample_U, axis=-1)


def cosines_to_each(a, bs):
    norm_a = np.linalg.norm(a)
    return [np.dot(a, b) / (norm_a * np.linalg.norm(b)) for b in bs]


def dots_to_each(a, bs):
    return [np.dot(a, b) for b in bs]


head_np = lm.lm_head.weight.detach().numpy()
neighbours_by_hand = cosines_to_each(head_np[token], head_np)  # expect: COS101
logits_by_hand = dots_to_each(hidden_np, head_np)
