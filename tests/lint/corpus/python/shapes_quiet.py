"""What must stay quiet: logit lens, direct logit attribution, logit-difference directions,
differences of rows, one row as a hidden direction, SVD / OV circuits, neural-collapse checks
against class means, and cosines of sentence, image or word embeddings.

Shapes seen in public notebooks; written for cosaudit's tests.
"""
import einops
import numpy as np
import torch
import torch.nn.functional as F
from fancy_einsum import einsum
from sentence_transformers import SentenceTransformer, util
from transformer_lens import HookedTransformer

model = HookedTransformer.from_pretrained_no_processing("org/lm")
W_U = model.W_U
W = model.W_U.T

# %% logit lens, in every einsum spelling
logits = resid @ W_U
l1 = torch.einsum("bpd,dv->bpv", resid, W_U)
l2 = einops.einsum(resid, W_U, "batch pos d_model, d_model vocab -> batch pos vocab")
l3 = einsum("batch pos d_model, d_model vocab -> batch pos vocab", resid, W_U)
l4 = einops.einsum(model.ln_final(resid), W_U, "b p d, d v -> b p v")

# %% direct logit attribution and logit-difference directions
answer_dirs = model.tokens_to_residual_directions(answer_tokens)
logit_diff_dirs = answer_dirs[:, 0] - answer_dirs[:, 1]
dla = einsum("comp batch d_model, batch d_model -> comp batch", resid_stack, logit_diff_dirs)
io_minus_s = W_U[:, io_tok] - W_U[:, s_tok]
attr = resid_stack @ io_minus_s
d1 = W[dog] - W[cat]
d2 = W[car] - W[bus]
contrast = F.cosine_similarity(d1, d2, dim=0)

# %% one row of W_U as a hidden direction
direction = W_U[:, tok]
proj = acts @ direction
along = (acts @ direction) / direction.norm()
steered = resid + 4.0 * direction

# %% SVD and OV circuits
U, S, Vh = torch.linalg.svd(W_U)
OV = model.W_V[layer, head] @ model.W_O[layer, head]
ov_logits = model.W_E @ OV @ W_U
top_sv = (Vh[0] @ W_U).topk(10)

# %% neural collapse: classifier rows against class-mean features
fc = net.fc.weight
class_means = torch.stack([feats[labels == c].mean(0) for c in range(n_classes)])
M_ = class_means - class_means.mean(0)
self_duality = F.cosine_similarity(fc, M_, dim=-1)
W_norm = fc / fc.norm(dim=-1, keepdim=True)
M_norm = M_ / M_.norm(dim=-1, keepdim=True)
nc3 = torch.norm(W_norm - M_norm)
duality_gram = W_norm @ M_norm.T

# %% sentence, image and word embeddings
st = SentenceTransformer("all-MiniLM-L6-v2")
emb = st.encode(["a dog", "a cat"], convert_to_tensor=True)
s_sim = util.cos_sim(emb[0], emb[1])
image_features = clip_model.encode_image(images)
text_features = clip_model.encode_text(texts)
clip_sim = F.normalize(image_features, dim=-1) @ F.normalize(text_features, dim=-1).T
w2v = wv.most_similar("king")
wv_sim = np.dot(wv["king"], wv["queen"]) / (np.linalg.norm(wv["king"]) * np.linalg.norm(wv["queen"]))


def self_duality(W, class_means):
    """NC3: cosine between each classifier row and its own class mean."""
    Wn = W / W.norm(dim=1, keepdim=True)
    M_norm = class_means / class_means.norm(dim=1, keepdim=True)
    return (Wn * M_norm).sum(dim=1)


def lens(model, M_):
    Wn = F.normalize(model.lm_head.weight, dim=-1)
    return Wn @ M_


class CosineHead(torch.nn.Module):
    """A normalised (cosine) classifier: its forward pass is the model, not an interpretation."""

    def __init__(self, weight, scale=16.0):
        super().__init__()
        self.weight = weight
        self.scale = scale

    def forward(self, h):
        return self.scale * F.normalize(h, dim=-1) @ F.normalize(self.weight, dim=-1).T


head = CosineHead(model.lm_head.weight)


# %% a dict of one attention head's matrices under a head-like name: keys, not label rows
def qk_scores(head_weights):
    out = []
    for token in range(head_weights["w_e"].shape[1]):
        x = head_weights["w_e"][:, token]
        q = head_weights["w_q"] @ x
        keys = head_weights[f"w_{'k'}"].T @ q
        out.append((head_weights["w_e"].T @ keys).mean())
    return out
