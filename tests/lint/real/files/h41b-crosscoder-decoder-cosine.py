# Synthetic rewrite of the shape of Pikarz/Crosscoder-Based-Analysis-Interpretation-of-Model-Merging:analysis.py at 4d73c4c35888c3471073d1b5a427c88d07929106 (licence NOASSERTION); not the original text.
from itertools import combinations

import matplotlib.pyplot as plt
import torch


class TripleCrossCoderReport:
    """Reads the decoder of a crosscoder trained on activations of three image models."""

    def __init__(self, coder, names=("base", "ft_a", "merged"), thresh=0.05):
        self.dec = coder.W_dec  # [n_latents, 3, d_act]
        self.names = list(names)
        norms = self.dec.norm(dim=2)
        self.share = norms / norms.sum(dim=1, keepdim=True).clamp_min(1e-8)
        self.thresh = thresh

    def shared_latents(self):
        alive = (self.share >= self.thresh).sum(dim=1)
        return torch.nonzero(alive == 3).flatten().tolist()

    def decoder_alignment_plot(self):
        idx = self.shared_latents()
        if not idx:
            raise RuntimeError("no latent is used by all three models")
        block = self.dec[idx]
        fig, axs = plt.subplots(1, 3, figsize=(13, 4), sharey=True)
        for ax, (p, q) in zip(axs, combinations(range(3), 2)):
            a = torch.nn.functional.normalize(block[:, p, :], dim=1)
            b = torch.nn.functional.normalize(block[:, q, :], dim=1)
            agree = (a * b).sum(dim=1).detach().cpu().numpy()
            ax.hist(agree, bins=40)
            ax.set_title(f"{self.names[p]} / {self.names[q]}")
            ax.set_xlabel("decoder cosine")
        axs[0].set_ylabel("latents")
        fig.suptitle("Per-latent decoder agreement across models")
        return fig
