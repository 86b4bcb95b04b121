# Synthetic rewrite of the shape of kongweilong963/ConZWNet-V2:utils/nc_metrics.py at 213cf67a4d3c3ebf2f962257421c6af62dbf76fc (licence NOASSERTION); not the original text.
"""Normalised-correlation scores for zero-watermark feature codes.

robust_nc    -- agreement between each original code and its attacked copy
collision_nc -- how alike different images' codes are (lower = more distinguishable)
"""
import torch


def _centre_rows(x):
    return x - x.mean(dim=1, keepdim=True)


def robust_nc(orig, attacked):
    a, b = _centre_rows(orig), _centre_rows(attacked)
    num = (a * b).sum(dim=1)
    den = (a.norm(dim=1) * b.norm(dim=1)).clamp_min(1e-8)
    return (num / den).mean()


def collision_nc(codes):
    n = codes.shape[0]
    if n < 2:
        return codes.new_zeros(())
    z = _centre_rows(codes)
    normalized = z / z.norm(dim=1, keepdim=True).clamp_min(1e-8)
    nc_matrix = torch.mm(normalized, normalized.t())     # Pearson = cosine of centred rows
    i, j = torch.triu_indices(n, n, offset=1, device=codes.device)
    return nc_matrix[i, j].mean()
