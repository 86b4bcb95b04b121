# Synthetic rewrite of the shape of Embedding-Space/ReadingLevelSteering:models/granite-4.0-micro/visualize_vector_geometry.py at 4f1d5343e4ca3ee373e09cb8453c81c2b57e24f9 (licence NOASSERTION); not the original text.
"""Angle between a prompt-derived readability direction and a contrastive
steering direction, drawn to scale in the plane the two vectors span."""

from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import torch

OUT = Path("./output")
LAYER = 6


def load_pair():
    prompted = torch.load(OUT / "prompted_fk_vectors.pt")[LAYER]
    steering = torch.load(OUT / "complexity_vectors.pt")[LAYER]
    return prompted, steering


def geometry(a, b):
    a_np = a.float().cpu().numpy()
    b_np = b.float().cpu().numpy()
    mag1 = np.linalg.norm(a_np)
    mag2 = np.linalg.norm(b_np)
    cos_sim = np.dot(a_np, b_np) / (mag1 * mag2)
    cos_sim = np.clip(cos_sim, -1.0, 1.0)
    return np.arccos(cos_sim), mag1, mag2, cos_sim


def draw(angle, mag1, mag2, cos_sim):
    fig, ax = plt.subplots(figsize=(8, 8))
    ax.arrow(0, 0, mag1, 0, head_width=0.1, color="#F18F01", length_includes_head=True)
    ax.arrow(0, 0, mag2 * np.cos(angle), mag2 * np.sin(angle),
             head_width=0.1, color="#A23B72", length_includes_head=True)
    ax.set_title(f"layer {LAYER}: cos = {cos_sim:.3f}, angle = {np.degrees(angle):.1f} deg")
    ax.set_aspect("equal")
    return fig


if __name__ == "__main__":
    p, s = load_pair()
    angle, m1, m2, c = geometry(p, s)
    print(f"parallel part of steering: {m2 * c:.3f}, orthogonal part: {m2 * np.sin(angle):.3f}")
    draw(angle, m1, m2, c).savefig(OUT / "vector_geometry.png", dpi=200)
