# cosaudit corpus, synthetic file: same shape as xzAscC/SAEGeometry/src/sae_geometry/cos.py at 43906d0d0fd8547351a0eb7a3d5f7c252212683a (licence NOASSERTION); new code, no text copied.
"""Geometry of two SAE dictionaries: cosine overlaps and a UMAP of their directions."""
import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F


def dictionary_cosines(dict_a: torch.Tensor, dict_b: torch.Tensor) -> torch.Tensor:
    """dict_*: [d_model, n_dict]. Returns [n_dict_a, n_dict_b] cosines."""
    a = F.normalize(dict_a, p=2, dim=0)
    b = F.normalize(dict_b, p=2, dim=0)
    sims = a.T @ b
    return sims.cpu()


def plot_best_match(sims: torch.Tensor, title: str, path: str) -> None:
    best, _ = sims.max(dim=1)
    plt.hist(best.numpy(), bins=50)
    plt.title(title)
    plt.xlabel("max cosine with the other dictionary")
    plt.savefig(path)
    plt.close()
