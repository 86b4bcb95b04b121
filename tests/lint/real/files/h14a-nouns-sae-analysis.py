# cosaudit corpus, synthetic file: same shape as minii-ai/nouns-mech-interp/swiggle/analysis.py at f6de1a8da94fb819778e38cdd52d24d357a9dde4 (licence NOASSERTION); new code, no text copied.
"""Inspection helpers for a sparse autoencoder trained on image embeddings."""
from dataclasses import dataclass

import numpy as np
import torch
from sklearn.decomposition import PCA
from sklearn.preprocessing import StandardScaler
from torch.utils.data import DataLoader

from models import SAE


@dataclass
class Neighbours:
    k: int
    indices: torch.Tensor
    similarity: torch.Tensor


@torch.no_grad()
def nearest_features(sae: SAE, k: int) -> Neighbours:
    sae.eval()
    dirs = sae.features / torch.linalg.norm(sae.features, dim=1, keepdim=True)
    sim = dirs @ dirs.T
    sim.fill_diagonal_(-float("inf"))  # a feature is not its own neighbour
    top = torch.topk(sim, k=k, dim=1)
    return Neighbours(k=k, indices=top.indices, similarity=top.values)


@torch.no_grad()
def activation_stats(sae: SAE, dataset, batch_size: int, top_k: int, device="cpu") -> dict:
    sae.eval().to(device)
    acts = torch.cat([sae.encode(b.to(device)).cpu() for b in DataLoader(dataset, batch_size=batch_size)]).T
    density = (acts != 0).float().mean(dim=1)
    top = torch.topk(acts, k=top_k, dim=1)
    return {"density": density, "dead": int((density == 0).sum()), "mean": acts.mean(1),
            "max": acts.max(1).values, "top_indices": top.indices, "top_values": top.values}


@torch.no_grad()
def features_2d(sae: SAE) -> np.ndarray:
    feats = StandardScaler().fit_transform(sae.features.cpu().numpy())
    return PCA(n_components=2).fit_transform(feats)
