# cosaudit corpus, synthetic file: same shape as dl1683/moonshot-cti-universal-law/src/cti_generation_law.py at c25051231880fef5499f9031db11a91ee04f6111 (licence NOASSERTION); new code, no text copied.
"""Generation law: a geometric statistic of the unembedding alone, kappa, against cross-entropy across models."""
import numpy as np
import torch
from scipy.stats import pearsonr


def unembedding(model):
    head = model.get_output_embeddings()
    return head.weight.detach().float().cpu().numpy()


def kappa_statistics(w, chunk=1024, device="cuda"):
    """kappa_v = distance from row v to its closest other row, after scaling every row to unit length"""
    v = len(w)
    unit = torch.tensor(w / np.maximum(np.linalg.norm(w, axis=1, keepdims=True), 1e-10), device=device)
    nearest = []
    for start in range(0, v, chunk):
        block = unit[start:start + chunk]
        dots = block @ unit.T
        dist2 = (2.0 - 2.0 * dots).clamp_min(0.0)
        dist2[torch.arange(len(block)), torch.arange(start, start + len(block))] = float("inf")
        nearest.append(dist2.min(1).values.sqrt().cpu().numpy())
    nearest = np.concatenate(nearest)
    pick = np.random.choice(v, min(v, 4000), replace=False)
    grid = unit[pick] @ unit[pick].T
    mean_cos = float(grid[~torch.eye(len(pick), dtype=torch.bool, device=device)].mean())
    return {"kappa_bar": float(nearest.mean()), "kappa_std": float(nearest.std()), "mean_cos": mean_cos}


def fit_law(rows):
    """log CE against kappa_bar across models"""
    kappa = np.array([r["kappa_bar"] for r in rows])
    log_ce = np.log([r["ce"] for r in rows])
    r, p = pearsonr(kappa, log_ce)
    return {"r": float(r), "p": float(p)}
