# cosaudit corpus, synthetic file: same shape as hannahgz/set-transformer/src_clean/classify.py at 0d3c4c3a12624a91642502347fc8213c77e9b82b (licence NOASSERTION); new code, no text copied.
"""Five-way linear probe on the residual stream of a small SET-playing transformer, and its geometry."""
import numpy as np
import seaborn as sns
import matplotlib.pyplot as plt
import torch
import torch.nn as nn
import torch.nn.functional as F
from sklearn.metrics.pairwise import cosine_similarity

CKPT_ROOT = "runs/probes"


class CardProbe(nn.Module):
    def __init__(self, d_in=64, n_cards=5):
        super().__init__()
        self.fc = nn.Linear(d_in, n_cards)  # trained with nn.CrossEntropyLoss

    def forward(self, h):
        return self.fc(h)


def load_probe(layer, d_in=64, n_cards=5):
    probe = CardProbe(d_in, n_cards)
    probe.load_state_dict(torch.load(f"{CKPT_ROOT}/layer{layer}.pt")["model"])
    return probe.eval()


def train_probe(probe, X, y, epochs=5, lr=1e-3):
    opt = torch.optim.Adam(probe.parameters(), lr=lr)
    loss_fn = nn.CrossEntropyLoss()
    for _ in range(epochs):
        for i in range(0, len(X), 32):
            loss = loss_fn(probe(X[i:i + 32]), y[i:i + 32])
            opt.zero_grad()
            loss.backward()
            opt.step()
    return probe


def residual_vs_probe_rows(resid, probe, card_of_pos, label_of_row):
    """Cosine of each position's residual vector with every probe row (card x card grid)."""
    rows = probe.fc.weight.detach()
    grid = np.zeros((5, 5))
    for pos, card in card_of_pos.items():
        for r in range(rows.shape[0]):
            c = F.cosine_similarity(resid[pos].unsqueeze(0), rows[r].unsqueeze(0))
            grid[ord(card) - 65, ord(label_of_row[r]) - 65] = c.item()
    return grid


def probe_row_cosines(layer, names):
    rows = load_probe(layer).fc.weight.detach().numpy()  # (5, 64)
    sims = cosine_similarity(rows)
    order = sorted(range(len(names)), key=lambda i: names[i])
    sims = sims[order][:, order]
    ax = sns.heatmap(sims, vmin=-1, vmax=1, center=0, cmap="RdBu_r", annot=True, fmt=".2f",
                     xticklabels=sorted(names), yticklabels=sorted(names))
    ax.set_title(f"layer {layer}: cosine between probe weight vectors")
    return plt.gcf()


def probe_row_cosines_centred(layer, names):
    rows = load_probe(layer).fc.weight.detach().numpy()
    rows = rows - rows.mean(axis=0)
    sims = cosine_similarity(rows)
    ax = sns.heatmap(sims, vmin=-1, vmax=1, center=0, cmap="RdBu_r", annot=True, fmt=".2f")
    ax.set_title(f"layer {layer}: cosine between centred probe weight vectors")
    return plt.gcf()


if __name__ == "__main__":
    names = ["A", "B", "C", "D", "E"]
    for layer in range(4):
        probe_row_cosines_centred(layer, names).savefig(f"figs/centred_probe_cos_{layer}.png")
