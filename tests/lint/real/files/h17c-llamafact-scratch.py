# cosaudit corpus, synthetic file: same shape as neelnanda-io/LLaMA-Fact/scratch.py at 952419ed2942998a5177087526d749ca757b7646 (licence MIT); new code, no text copied.
# %%
import einops
import numpy as np
import torch
from transformer_lens import HookedTransformer
from neel.imports import imshow, line

model = HookedTransformer.from_pretrained_no_processing("llama-7b", dtype=torch.bfloat16)
SPORT_TOKENS = [model.to_single_token(s) for s in [" baseball", " basketball", " football"]]

# %%
# fold the final norm gain into the unembedding, then centre it over the vocabulary
with torch.no_grad():
    model.unembed.W_U[:] = model.unembed.W_U * model.ln_final.w[:, None]
    model.unembed.W_U[:] = model.unembed.W_U - model.unembed.W_U.mean(-1, keepdim=True)
    model.ln_final.w[:] = torch.ones_like(model.ln_final.w)

# %%
U_sport = model.W_U[:, SPORT_TOKENS]
U_sport_c = U_sport - U_sport.mean(-1, keepdim=True)

def sport_dla(resid_stack, answer_idx):
    dirs = U_sport_c[:, answer_idx].T                         # [batch, d_model]
    return (resid_stack * dirs).sum(-1).mean(-1)

# %%
layer, head = 15, 15
head_reads = (model.W_V[layer, head] @ model.W_O[layer, head] @ U_sport_c).float()

layer, ni = 5, 625
w_in = model.W_in[layer, :, ni]
w_gate = model.W_gate[layer, :, ni]
w_out = model.W_out[layer, ni, :]

def cos(a, b):
    return a @ b.T / a.norm(dim=-1)[:, None] / b.norm(dim=-1)[None, :]

vecs = torch.cat([-w_in[:, None], w_gate[:, None], -w_out[:, None], head_reads,
                  (model.W_V[15, 15] @ model.W_O[15, 15] @ U_sport).float()], dim=1).T.float()
names = ["in", "gate", "out", "base_c", "basket_c", "foot_c", "base", "basket", "foot"]
imshow(cos(vecs, vecs), x=names, y=names, title=f"L{layer}N{ni} against sport readers")
