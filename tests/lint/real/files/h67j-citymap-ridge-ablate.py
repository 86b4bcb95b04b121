# Synthetic rewrite of the shape of LucasPrietoAl/correlations-feature-geometry:value_coding_features/city_map_pipeline.py at d45878ef91b30e27b38a92f47a99beae40a9992a (licence NOASSERTION); not the original text.
import numpy as np
import torch
from sklearn.linear_model import Ridge


def fit_coordinate_probe(emb_table: np.ndarray, latlon: np.ndarray, alpha=1.0) -> Ridge:
    reg = Ridge(alpha=alpha)
    reg.fit(emb_table, latlon)  # two regression outputs: latitude, longitude
    return reg


def make_ablations(model, reg: Ridge, device):
    """Interventions that delete or keep the subspace spanned by the ridge regression rows."""
    w = torch.as_tensor(reg.coef_, dtype=torch.float32, device=device)  # [2, d]
    basis, _ = torch.linalg.qr(w.T)                                     # [d, 2] orthonormal
    table = model.token_table.weight
    off_subspace_mean = (table - table @ basis @ basis.T).mean(0, keepdim=True)

    def drop(z):
        return z - z @ basis @ basis.T

    def drop_keep_length(z, eps=1e-8):
        cleaned = z - z @ basis @ basis.T
        return cleaned * ((z.norm(dim=-1, keepdim=True) + eps) / (cleaned.norm(dim=-1, keepdim=True) + eps))

    def only_subspace(z):
        return z @ basis @ basis.T + off_subspace_mean

    return drop, drop_keep_length, only_subspace


@torch.no_grad()
def accuracy_under(model, loader, transform, device):
    hits, n = 0, 0
    for a, b, y in loader:
        za, zb = transform(model.token_table(a.to(device))), transform(model.token_table(b.to(device)))
        pred = model.out(torch.cat([za, zb], -1)).argmax(-1)
        hits += (pred == y.to(device)).sum().item()
        n += y.numel()
    return hits / n
