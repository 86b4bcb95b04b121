# cosaudit corpus, synthetic file: same shape as BartekKrzepkowski/NeuralCollapse/src/modules/metrics.py at defee3489ab939a821a1e0f5e92eac33a745caa4 (licence NOASSERTION); new code, no text copied.
"""Gradient stiffness: how aligned are per-example gradients within and across classes?"""
import torch
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap


def per_example_grads(model, loss_fn, x, y):
    params = {k: v.detach() for k, v in model.named_parameters()}

    def loss_one(p, xi, yi):
        return loss_fn(functional_call(model, p, (xi[None],)), yi[None])

    g = vmap(grad(loss_one), in_dims=(None, 0, 0))(params, x, y)
    return torch.cat([v.flatten(1) for v in g.values()], dim=1)


def class_stiffness(G, y, num_classes):
    Gn = F.normalize(G, dim=1)
    sim = Gn @ Gn.T
    out = torch.zeros(num_classes, num_classes)
    idx = {c: torch.where(y == c)[0] for c in range(num_classes) if (y == c).any()}
    for a, ia in idx.items():
        for b, ib in idx.items():
            block = sim[ia][:, ib]
            if a != b:
                out[a, b] = block.mean()
            else:
                n = block.shape[0]
                out[a, b] = (block.sum() - n) / max(n * n - n, 1)
    return out


def summary(out):
    off = out.sum() - out.diagonal().sum()
    k = out.shape[0]
    return {"between": (off / (k * k - k)).item(), "within": out.diagonal().mean().item()}
