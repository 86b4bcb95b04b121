# Synthetic rewrite of the shape of tanguy8001/continual-learning-via-model-merging:src/OT/wasserstein_ensemble.py at ed58e5398a28abc8e4392ae2c29b5f69a6e78f35 (licence NOASSERTION); not the original text.
"""Fuse two networks layer by layer with optimal transport over their neurons."""
import ot
import torch


def pairwise_cost(rows_a, rows_b, kind="euclidean", unit_rows=True):
    if unit_rows:
        rows_a = rows_a / (rows_a.norm(dim=1, keepdim=True) + 1e-9)
        rows_b = rows_b / (rows_b.norm(dim=1, keepdim=True) + 1e-9)
    if kind == "euclidean":
        cost = torch.cdist(rows_a, rows_b)
    else:
        cost = 1 - rows_a @ rows_b.t()
    cost = cost.clamp(min=0)
    return cost / (cost.max() + 1e-9)


def fuse(net_a, net_b, weight_b=0.5, average_last_layer=False, kind="euclidean"):
    params_a = [p.detach() for p in net_a.parameters() if p.dim() >= 2]
    params_b = [p.detach() for p in net_b.parameters() if p.dim() >= 2]
    fused, transport = [], None
    for depth, (wa, wb) in enumerate(zip(params_a, params_b)):
        wa2, wb2 = wa.reshape(wa.shape[0], -1), wb.reshape(wb.shape[0], -1)
        if transport is None:
            aligned = wa2
        else:
            aligned = wa2 @ transport
        # every layer, the output layer included, gets a neuron-to-neuron cost
        cost = pairwise_cost(aligned, wb2, kind=kind)
        if average_last_layer and depth == len(params_a) - 1:
            fused.append((1 - weight_b) * aligned + weight_b * wb2)
            break
        mu = torch.full((wa2.shape[0],), 1.0 / wa2.shape[0]).numpy()
        nu = torch.full((wb2.shape[0],), 1.0 / wb2.shape[0]).numpy()
        plan = torch.from_numpy(ot.emd(mu, nu, cost.numpy())).float()
        transport = plan * wb2.shape[0]
        moved = transport.t() @ aligned
        fused.append(((1 - weight_b) * moved + weight_b * wb2).reshape(wb.shape))
    return fused
