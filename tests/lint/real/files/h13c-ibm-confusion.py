# cosaudit corpus, synthetic file: same shape as IBM/constrained-FSCIL/code/plot/confusion_support.py at cff95a79b9a891d9ad3db58dbdf4cc9f28702c25 (licence Apache-2.0); new code, no text copied.
"""Plots for the stored support vectors (class prototypes)."""
import matplotlib.pyplot as plt
import torch


def support_cosines(support: torch.Tensor) -> torch.Tensor:
    """support: (ways, dim) prototypes."""
    cos = torch.nn.CosineSimilarity(dim=1)
    out = torch.zeros(support.shape[0], support.shape[0])
    for k in range(support.shape[0]):
        out[k] = cos(support[k:k + 1], support)
    return out


def plot_support(support, save_to=None):
    mat = support_cosines(support).numpy()
    fig, ax = plt.subplots(figsize=(6, 6))
    im = ax.imshow(mat, vmin=-1, vmax=1, cmap="seismic")
    fig.colorbar(im)
    if save_to:
        fig.savefig(save_to + ".pdf")
    return fig


class MeanAngle:
    """Average angle between the queries of each class and every class vector."""

    def __init__(self, ways):
        self.total = torch.zeros(ways, ways)
        self.count = torch.full((1, ways), 1e-8)

    def update(self, sims, onehot):
        self.total += torch.acos(sims).t() @ onehot
        self.count += onehot.sum(0, keepdim=True)

    def image(self):
        return self.total / self.count
