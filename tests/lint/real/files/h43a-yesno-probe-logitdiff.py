# Synthetic rewrite of the shape of Reih02/mats-internal-beliefs:probe.py at 5cd75936c6810a872731e10e40a2f98e39049a25 (licence NOASSERTION); not the original text.
"""Ridge probes on the residual stream that predict the yes/no logit margin, with a logit-lens baseline."""
import torch
from sklearn.linear_model import Ridge


def setup(model):
    yes_id = model.to_single_token(" yes")
    no_id = model.to_single_token(" no")
    W_U = model.unembed.W_U          # (d_model, vocab)
    b_U = model.unembed.b_U
    # the margin direction: difference of two unembedding columns
    delta_vec = (W_U[:, yes_id] - W_U[:, no_id]).detach()  # (d_model,)
    delta_bias = float(b_U[yes_id] - b_U[no_id])
    return yes_id, no_id, delta_vec, delta_bias


def baseline_margin(model, cache, layer, delta_vec, delta_bias):
    resid = cache[f"blocks.{layer}.hook_resid_post"][0, -1]
    return float(torch.dot(model.ln_final(resid), delta_vec) + delta_bias)


def fit_layer_probe(X, margins, alpha=10.0):
    probe = Ridge(alpha=alpha).fit(X, margins)
    return probe, probe.score(X, margins)
