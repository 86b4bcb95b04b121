# cosaudit corpus, synthetic file: same shape as eliasmeinecke/solo-learn/foveation/linear_heads.py at 7be62c1f17971d86e2d122da8c2955589cdbb421 (licence MIT); new code, no text copied.
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn.functional as F

from probe.loading import build_model

OUT = Path("analysis/figures/heads")
OUT.mkdir(parents=True, exist_ok=True)
VARIANTS = ["plain", "blurred", "cropped"]


def head_rows(model):
    if not hasattr(model, "head"):
        raise ValueError("model has no linear head")
    return model.head.weight.data


def pairwise_row_cosines(model):
    W = F.normalize(head_rows(model), dim=1)
    sim = W @ W.T
    off_diag = ~torch.eye(sim.size(0), dtype=torch.bool, device=sim.device)
    return sim[off_diag].cpu().numpy()


values = {}
for name in VARIANTS:
    values[name] = pairwise_row_cosines(build_model(name))
    print(name, float(np.mean(values[name])), float(np.std(values[name])))

plt.figure(figsize=(7, 5))
for name, v in values.items():
    plt.hist(v, bins=100, density=True, alpha=0.4, label=name)
plt.xlabel("cosine between class rows of the probe")
plt.title("How alike the probe treats classes")
plt.legend()
plt.savefig(OUT / "row_cosines.pdf", bbox_inches="tight")
