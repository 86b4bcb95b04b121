# cosaudit corpus, synthetic file: same shape as DiegoFleury/OOD-Detection-Project---CSC_5IA23/src/neural_collapse/nc_analysis.py at 7bc4bb560da83f1f5f85cda80370b545e6e35e5c (licence NOASSERTION); new code, no text copied.
"""Neural-collapse measurements for a sequence of training checkpoints."""
import numpy as np
import torch
import torch.nn as nn
from scipy.sparse.linalg import svds


def last_linear(model):
    if isinstance(getattr(model, "fc", None), nn.Linear):
        return model.fc
    found = [m for m in model.modules() if isinstance(m, nn.Linear)]
    if not found:
        raise ValueError("model has no nn.Linear head")
    return found[-1]


def etf_gap(cols, k):
    """cols: (D, K) unit columns; mean |<u_i, u_j> + 1/(K-1)| over i != j."""
    g = cols.T @ cols + torch.ones(k, k, device=cols.device) / (k - 1)
    g = g - torch.diag(torch.diag(g))
    return g.abs().sum().item() / (k * (k - 1))


@torch.no_grad()
def collapse_metrics(features, labels, head, k):
    d = features.shape[1]
    means = torch.stack([features[labels == c].mean(0) for c in range(k)])       # (K, D)
    centred = (means - means.mean(0, keepdim=True)).T                            # (D, K)
    within = sum(((features[labels == c] - means[c]).T @ (features[labels == c] - means[c])) for c in range(k))
    within = within / features.shape[0]
    between = centred @ centred.T / k

    W = head.weight.detach()                                                     # (K, D)
    mean_norms = centred.norm(dim=0)
    row_norms = W.norm(dim=1)
    equinorm_means = (mean_norms.std() / mean_norms.mean()).item()
    equinorm_rows = (row_norms.std() / row_norms.mean()).item()

    gap_means = etf_gap(centred / (mean_norms + 1e-12), k)
    gap_rows = etf_gap(W.T / (row_norms.unsqueeze(0) + 1e-12), k)

    vecs, vals, _ = svds(between.cpu().double().numpy(), k=min(k - 1, d - 1))
    nc1 = np.trace(within.cpu().double().numpy() @ (vecs @ np.diag(1 / vals) @ vecs.T)) / k

    duality = ((W.T / W.norm()) - (centred / centred.norm())).norm().pow(2).item()
    return {"nc1": float(nc1), "equinorm_means": equinorm_means, "equinorm_rows": equinorm_rows,
            "etf_means": gap_means, "etf_rows": gap_rows, "self_duality": duality}
