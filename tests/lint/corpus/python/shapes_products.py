# expect: COS301
"""Einsum in every spelling, normalisation in place or by hand, cosine lenses, FAISS search and
projections. Shapes seen in public notebooks; written for cosaudit's tests.
"""
import einops
import faiss
import numpy as np
import opt_einsum
import torch
import torch.nn.functional as F
from fancy_einsum import einsum
from transformer_lens import HookedTransformer
from transformers import AutoModelForCausalLM, AutoModelForImageClassification

model = AutoModelForCausalLM.from_pretrained("org/causal-lm")
clf = AutoModelForImageClassification.from_pretrained("org/classifier")
tl = HookedTransformer.from_pretrained_no_processing("org/lm")
W_U = tl.W_U  # [d_model, d_vocab]
W = model.lm_head.weight

# %% einsum spellings
e1 = torch.einsum("dv,dw->vw", W_U, W_U)  # expect: COS102
e2 = np.einsum("ij,kj->ik", W.detach().numpy(), W.detach().numpy())  # expect: COS102
e3 = einops.einsum(W_U, W_U, "d_model v1, d_model v2 -> v1 v2")  # expect: COS102
e4 = einsum("d_model vocab1, d_model vocab2 -> vocab1 vocab2", W_U, W_U)  # expect: COS102
e5 = opt_einsum.contract("dv,dw->vw", W_U, W_U)  # expect: COS102
e6 = torch.einsum("d v, d w -> v w", W_U[:, ids], W_U[:, ids])  # expect: COS102
e7 = torch.einsum("ij,kj", W, W)  # expect: COS102
Wn_U = W_U / W_U.norm(dim=0, keepdim=True)
e8 = einops.einsum(Wn_U, Wn_U, "d a, d b -> a b")  # expect: COS101

# %% normalisation in place and by hand
Wc = model.lm_head.weight.detach().clone()
Wc /= Wc.norm(dim=-1, keepdim=True)
n1 = Wc @ Wc.T  # expect: COS101
Wd = clf.classifier.weight.data.clone()
Wd.div_(Wd.norm(dim=1, keepdim=True))
n2 = Wd[0] @ Wd[1]  # expect: COS101
Un = F.normalize(W_U, dim=0)
n3 = Un.T @ Un  # expect: COS101
norms = W.norm(dim=-1)
n4 = (W @ W.T) / (norms[:, None] * norms[None, :])  # expect: COS101
n5 = np.dot(W[1], W[2]) / np.sqrt(np.sum(W[1] ** 2) * np.sum(W[2] ** 2))  # expect: COS101

# %% one vector against every normalised row (a cosine lens)
h = resid[0, -1]
lens = F.normalize(W, dim=-1) @ F.normalize(h, dim=-1)  # expect: COS120
lens_tl = einops.einsum(Un, h, "d_model vocab, d_model -> vocab")  # expect: COS120

# %% FAISS inner-product search over normalised rows
X = W.detach().numpy().copy()
faiss.normalize_L2(X)
index = faiss.IndexFlatIP(X.shape[1])
index.add(X)
D, I = index.search(X[[3, 7]], 10)  # expect: COS101 COS103
Dq, Iq = index.search(query_vectors, 10)  # expect: COS120

# %% a projection is a dot product
proj = torch.dot(W[1], W[2]) / W[2].norm()  # expect: COS102

# %% FAISS L2 search over normalised rows ranks like the cosine
l2_index = faiss.IndexFlatL2(X.shape[1])
l2_index.add(X)
D2, I2 = l2_index.search(X[[5]], 10)  # expect: COS101 COS103
