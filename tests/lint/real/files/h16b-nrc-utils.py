# cosaudit corpus, synthetic file: same shape as Konokiii/NC_regression/agent/nrc_utils.py at dcf076d1bbff7f56480e816ceb395de2d4b77af4 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F
from sklearn.decomposition import PCA


def orthonormalise(rows):
    basis = torch.empty_like(rows)
    for i in range(rows.shape[0]):
        v = rows[i].clone()
        for j in range(i):
            v -= torch.dot(basis[j], rows[i]) * basis[j]
        basis[i] = v / v.norm()
    return basis


def regression_collapse_metrics(batch, device):
    """Collapse statistics of a policy's linear output layer (MSE regression on actions)."""
    out = {}
    y, y_hat = batch["targets"], batch["predictions"]   # (B, k)
    W, H = batch["weights"], batch["features"]          # (k, d), (B, d)
    k = y.shape[1]

    ss_res = ((y - y_hat) ** 2).sum().item()
    ss_tot = ((y - y.mean(dim=0)) ** 2).sum().item()
    out["r2"] = 1 - ss_res / ss_tot
    out["feat_norm"] = H.norm(dim=1).mean().item()
    out["w_norm"] = W.norm(dim=1).mean().item()

    gram = W @ W.T
    for i in range(k):
        out[f"gram_{i}{i}"] = gram[i, i].item()
    if k >= 2:
        out["gram_01"] = gram[0, 1].item()
        out['cos_w01'] = F.cosine_similarity(W[0], W[1], dim=0).item()
    if k == 3:
        out["cos_w02"] = F.cosine_similarity(W[0], W[2], dim=0).item()
        out["cos_w12"] = F.cosine_similarity(W[1], W[2], dim=0).item()
    out["gram_norm"] = gram.norm().item()

    pca = PCA(n_components=max(k, 15)).fit(H.cpu().numpy())
    top = torch.tensor(pca.components_[:k], device=device, dtype=H.dtype)
    P = orthonormalise(top)
    resid = H - (H @ P.T) @ P
    out["nrc1"] = (resid.norm(dim=1) ** 2).mean().item()
    out["nrc1_ratio"] = out["nrc1"] / (H.norm(dim=1) ** 2).mean().item()
    return out
