# Synthetic rewrite of the shape of SherylMehta1/Confidence-Neurons-Across-Uncertainty-Types:analysis/stolfo_criteria.py at 0202d4b475a3dbcdd39de4dda18d58af83530fbd (licence NOASSERTION); not the original text.
"""Weight-only entropy-neuron scores for candidate MLP neurons of a Llama-style model.

For a neuron's output column w (final RMSNorm gain folded in):
  size       ||w||
  logit_var  variance over the vocabulary of W_U w, divided by ||w||^2   (small => entropy-like)
  null_k     share of ||w||^2 in the k weakest right-singular directions of W_U
"""
import random
import torch


def folded_columns(model, layer, gain):
    W = model.model.layers[layer].mlp.down_proj.weight.detach().float()   # hidden x intermediate
    return gain[:, None] * W


def scores(w, unembed, Vh, ks=(16, 64)):
    sq = torch.dot(w, w)
    token_logits = unembed @ w                   # one logit per vocabulary item
    coords = Vh @ w
    out = {"size": float(sq.sqrt()), "logit_var": float(token_logits.var() / sq)}
    for k in ks:
        out[f"null_{k}"] = float((coords[-k:] ** 2).sum() / sq)
    return out


def score_candidates(model, candidates, n_random=500, seed=0):
    unembed = model.get_output_embeddings().weight.detach().float()
    gain = model.model.norm.weight.detach().float()
    _, S, Vh = torch.linalg.svd(unembed, full_matrices=False)
    layers = sorted({c["layer"] for c in candidates})
    cols = {L: folded_columns(model, L, gain) for L in layers}
    rng = random.Random(seed)
    rows = [dict(kind="candidate", **c, **scores(cols[c["layer"]][:, c["neuron"]], unembed, Vh)) for c in candidates]
    for _ in range(n_random):
        L = rng.choice(layers)
        n = rng.randrange(cols[L].shape[1])
        rows.append(dict(kind="random", layer=L, neuron=n, **scores(cols[L][:, n], unembed, Vh)))
    return rows
