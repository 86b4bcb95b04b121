# expect: COS301
"""A radioactive-data check of a suspect classifier against its per-class carriers, written as an
elementwise product summed over the hidden axis: each unit head row against a vector of its own, as
`Wn @ carriers.T` ranks them. Unnormalised rows give logits; a constant factor is no vector."""
import numpy as np
import torch
import torch.nn.functional as F

ckpt = torch.load("suspect.pth", map_location="cpu")
W = ckpt["model"]["fc.weight"].cpu().numpy()
carrier = np.load("carriers.npy")
logit_like = np.sum(W * carrier, axis=1)
W /= np.linalg.norm(W, axis=1, keepdims=True)
scores = np.sum(W * carrier, axis=1)  # expect: COS120
scaled = np.sum(W * 2.0, axis=1)
per_dim = np.sum(W * carrier, axis=0)

Wn = F.normalize(model.classifier.weight, dim=-1)
alignment = (Wn * directions).sum(-1)  # expect: COS120
