# Synthetic rewrite of the shape of jnward/coactivation-manifolds:parts-of-speech-2/data_pipeline/visualize_probe_simplex.py at c43d3e3a9a24afbe91dc0232473d6c0dc5d3dec1 (licence NOASSERTION); not the original text.
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import torch

FIG_PATH = Path("figs/cone_probe_cosines.png")


class ReluSimplexProbe(torch.nn.Module):
    """Outputs are rectified scores rescaled to sum to one (no softmax)."""

    def __init__(self, d_model, n_tags):
        super().__init__()
        self.linear = torch.nn.Linear(d_model, n_tags)

    def forward(self, h):
        pos = torch.relu(self.linear(h))
        return pos / (pos.sum(dim=-1, keepdim=True) + 1e-8)


def plot_direction_cosines(probe, tag_names):
    W = probe.linear.weight.detach().cpu().numpy()
    normed = W / (np.linalg.norm(W, axis=1, keepdims=True) + 1e-8)
    cos = normed @ normed.T
    plt.figure(figsize=(7, 6))
    plt.imshow(cos, cmap="coolwarm", vmin=-1, vmax=1)
    plt.xticks(range(len(tag_names)), tag_names, rotation=90, fontsize=6)
    plt.yticks(range(len(tag_names)), tag_names, fontsize=6)
    plt.title("cone probe: direction cosines")
    FIG_PATH.parent.mkdir(parents=True, exist_ok=True)
    plt.savefig(FIG_PATH, dpi=150)
    plt.close()


if __name__ == "__main__":
    state = torch.load("cone_probe.pt")
    names = state["tags"]
    p = ReluSimplexProbe(state["d_model"], len(names))
    p.load_state_dict(state["weights"])
    plot_direction_cosines(p, names)
