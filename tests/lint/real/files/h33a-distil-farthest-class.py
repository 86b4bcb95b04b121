# Synthetic rewrite of the shape of SepehrRezaee/DISTIL-ff:DISTIL/utils/model_utils.py at c39c70db583a07128d8041e38a6feefc2a335b7d (licence MIT); not the original text.
import torch
import torch.nn as nn


def find_output_layer(net):
    """Return the layer that maps features to class scores."""
    for name in ("fc", "classifier"):
        cand = getattr(net, name, None)
        if cand is not None and hasattr(cand, "weight"):
            return cand
    linear_layers = [m for m in net.modules() if isinstance(m, nn.Linear)]
    if not linear_layers:
        raise ValueError("no linear output layer")
    return linear_layers[-1]


def least_similar_label_pairs(net):
    """Pair every label with the label whose output row points most away from it."""
    rows = find_output_layer(net).weight.detach()
    n_labels = rows.size(0)
    normalized_weights = rows / rows.norm(dim=1, keepdim=True)
    sims = normalized_weights @ normalized_weights.t()
    sims.fill_diagonal_(float("inf"))
    pairs = []
    for src in range(n_labels):
        dst = int(torch.argmin(sims[src]))
        pairs.append((src, dst, float(sims[src, dst])))
    # the pairs become candidate (victim, target) labels for trigger search
    return pairs
