# Synthetic rewrite of the shape of hamedrq7/hold-me-tight-CL-exps:scripts/DB_geo_mnist.py at 059aa62e62223f95afdd9540ea2cc5950f4c29b3 (licence Apache-2.0); not the original text.
import numpy as np
import torch
import torch.nn as nn
from scipy.spatial.distance import pdist


class TwoDimNet(nn.Module):
    """Tiny net whose penultimate features live in the plane, so the rows of
    the softmax head can be drawn as arrows."""

    def __init__(self, n_classes=10):
        super().__init__()
        self.body = nn.Sequential(nn.Flatten(), nn.Linear(784, 64), nn.PReLU(), nn.Linear(64, 2))
        self.head = nn.Linear(2, n_classes, bias=False)

    def forward(self, x):
        z = self.body(x)
        return z, self.head(z)

    def head_rows(self):
        return self.head.weight.data


def polar_angle(row):
    # angle of one class row measured from the x axis, via a cosine distance
    pair = np.array([row, [1.0, 0.0]])
    cos_dist = pdist(pair, 'cosine')
    deg = np.rad2deg(np.arccos(1.0 - cos_dist))[0]
    return 360.0 - deg if row[1] < 0 else deg


def sector_edges(rows):
    angles = np.array([polar_angle(r) for r in rows])
    order = np.argsort(angles)
    edges = {}
    for pos, k in enumerate(order):
        left = order[(pos - 1) % len(order)]
        right = order[(pos + 1) % len(order)]
        # angular gap between neighbouring class vectors of the head
        gap_right = (angles[right] - angles[k]) % 360
        gap_left = (angles[k] - angles[left]) % 360
        edges[int(k)] = (angles[k] - gap_left / 2.0, angles[k] + gap_right / 2.0)
    return angles, edges


def train_then_draw(model, loader, epochs=3):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    ce = nn.CrossEntropyLoss()
    for _ in range(epochs):
        for xb, yb in loader:
            _, logits = model(xb)
            loss = ce(logits, yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    rows = model.head_rows().cpu().numpy()
    angles, edges = sector_edges(rows)
    for k, (lo, hi) in edges.items():
        print(f"class {k}: arrow at {angles[k]:.1f} deg, region {lo:.1f}..{hi:.1f}")
    return edges
