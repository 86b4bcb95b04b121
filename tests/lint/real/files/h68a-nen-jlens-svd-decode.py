# Synthetic rewrite of the shape of DBravy/nen:explore_jlens_svd_concepts.py at a90916c64f865d9b83ea2326d2595c843efc8198 (licence NOASSERTION); not the original text.
"""How 'word-like' is each singular direction of a layer-to-output map?
Decode each direction through the model's own final norm + unembedding and
summarise the resulting logit vector."""
import math

import torch


def top_singular(mat, k):
    u, s, vh = torch.linalg.svd(mat, full_matrices=False)
    return u[:, :k], s[:k], vh[:k].T


@torch.no_grad()
def lexicality(lens_model, tok, dirs, show=10):
    """dirs: [K, d_model]; lens_model.unembed applies ln_final then W_U."""
    logits = lens_model.unembed(dirs).float()           # logit-lens readout [K, vocab]
    mu = logits.mean(-1, keepdim=True)
    sd = logits.std(-1, keepdim=True).clamp_min(1e-8)
    zscores = (logits - mu) / sd
    probs = torch.softmax(logits, -1)
    ent = torch.logsumexp(logits, -1) - (probs * logits).sum(-1)
    top_vals, top_ids = logits.topk(show, dim=-1)
    return {
        "peak_z": zscores.abs().amax(-1),
        "entropy": ent / math.log(logits.shape[-1]),
        "top_tokens": [[tok.decode([int(t)]) for t in row] for row in top_ids] if tok else [],
        "top_logits": top_vals,
    }


def random_baseline(lens_model, n, d_model):
    noise = torch.randn(n, d_model)
    noise = torch.nn.functional.normalize(noise, dim=-1)
    return lexicality(lens_model, None, noise, show=1)["peak_z"]
