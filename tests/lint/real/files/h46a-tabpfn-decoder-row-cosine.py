# Synthetic rewrite of the shape of atharva7-g/tabfm-interp:src/utils/random_test.py at 3d97a83c2fd455a3bb19885e8df0b9f3480d8140 (licence NOASSERTION); not the original text.
"""How alike are the output bins of a tabular foundation-model regressor? Compare each bin row to one anchor."""
import matplotlib.pyplot as plt
import numpy as np
import torch.nn.functional as F
from tabpfn import TabPFNRegressor

ANCHOR_BIN = 2500


def bin_row_similarity(reg, anchor=ANCHOR_BIN):
    # last Linear of the regression decoder: one row per histogram bin, softmaxed at predict time
    out_proj = reg.model_.decoder_dict["standard"][2]
    n_bins = out_proj.weight.shape[0]
    sims = [
        F.cosine_similarity(out_proj.weight[b, :], out_proj.weight[anchor, :], dim=0).item()
        for b in range(n_bins)
    ]
    fig, ax = plt.subplots(figsize=(11, 5))
    ax.plot(np.arange(n_bins), sims, lw=0.6)
    ax.set_xlabel("bin")
    ax.set_ylabel("cosine to anchor bin")
    ax.set_title(f"decoder rows vs bin {anchor}")
    fig.savefig("bin_row_cosines.png", dpi=140)
    return sims


if __name__ == "__main__":
    reg = TabPFNRegressor(n_estimators=1)
    reg.fit(np.random.randn(6, 2), np.random.randn(6))  # fitting builds model_
    bin_row_similarity(reg)
