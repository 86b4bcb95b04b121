# cosaudit corpus, synthetic file: same shape as AdaptiveMotorControlLab/DISTIL/DISTIL/utils/model_utils.py at ce9968e151585ff0d958b3bf3b7cf16b1eea1089 (licence Apache-2.0); new code, no text copied.
"""Helpers for trigger inversion against an image classifier."""
import torch
import torch.nn as nn


def get_classifier_layer(model):
    """The layer that maps features to class scores."""
    for name in ("classifier", "fc"):
        layer = getattr(model, name, None)
        if layer is not None and hasattr(layer, "weight"):
            return layer
    linears = [m for m in model.modules() if isinstance(m, nn.Linear)]
    if not linears:
        raise ValueError("model has no linear classification layer")
    return linears[-1]


def images_of_class(images, labels, cls):
    keep = torch.where(labels == cls)[0]
    return images[keep], labels[keep]


def greedy_class_farthest(model):
    """Pair every class with the class whose weight vector points furthest away."""
    W = get_classifier_layer(model).weight.data  # (classes, features)
    C = W.shape[0]
    unit = W / W.norm(dim=1, keepdim=True)
    sim = unit @ unit.t()
    sim.masked_fill_(torch.eye(C, dtype=torch.bool, device=sim.device), float("inf"))
    pairs = []
    for a in range(C):
        b = int(sim[a].argmin())
        pairs.append((a, b, float(sim[a, b])))
    return pairs


@torch.no_grad()
def trigger_success(classifier, trigger, images, target):
    dev = next(classifier.parameters()).device
    stamped = (images + trigger).clamp(0, 1).to(dev)
    return torch.softmax(classifier(stamped), dim=1)[:, target].mean().item()
