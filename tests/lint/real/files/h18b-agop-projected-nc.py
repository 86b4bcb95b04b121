# Synthetic rewrite of the shape of Mabdel-03/agop_grokking:src/neural_collapse.py at d9a7b5eae69daf3f84c2d3bfda26846c54c5a37a (licence NOASSERTION); not the original text.
"""Projected within/between scatter ratios on the hidden layer of a small grokking MLP.

Directions found in input space (AGOP eigenvectors) are pushed through the first
linear map, orthonormalised, and used as a subspace in which the collapse ratio
tr(Q' S_w Q) / tr(Q' S_b Q) is measured.
"""
import torch
import torch.nn.functional as F


@torch.no_grad()
def hidden(model, X):
    pre = model.linear1(X)
    return F.relu(pre).double().cpu()


def scatters(Z, y, k):
    glob = Z.mean(0)
    means = torch.stack([Z[y == c].mean(0) if (y == c).any() else glob for c in range(k)])
    within = Z - means[y]
    between = means - glob
    return within.T @ within / len(Z), between.T @ between / k


def ratio(Sw, Sb, Q, eps=1e-6):
    return (torch.trace(Q.T @ Sw @ Q) / (torch.trace(Q.T @ Sb @ Q) + eps)).item()


def diagnostics(model, X, y, agop, k, ranks=(4, 8)):
    Z = hidden(model, X)
    Sw, Sb = scatters(Z, y.long().cpu(), k)
    W1 = model.linear1.weight.detach().cpu().double()     # hidden x input
    vals, vecs = torch.linalg.eigh(0.5 * (agop + agop.T).double().cpu())
    vecs = vecs[:, vals.argsort(descending=True)]
    out = {"full": ratio(Sw, Sb, torch.eye(Z.shape[1], dtype=torch.float64))}
    for r in ranks:
        Q, _ = torch.linalg.qr(W1 @ vecs[:, :r], mode="reduced")
        out[f"agop_{r}"] = ratio(Sw, Sb, Q)
    return out
