# Synthetic rewrite of the shape of xiaojieli0903/Lipreading_using_Temporal_Convolutional_Networks:tools/vis_weight.py at 8090180d8a7e615ddc532a330f245c612427a14e (licence NOASSERTION); not the original text.
"""Dump a heatmap of how the rows of one checkpoint tensor correlate."""
import argparse

import matplotlib.pyplot as plt
import numpy as np
import seaborn as sns
import torch

cli = argparse.ArgumentParser()
cli.add_argument("ckpt")
cli.add_argument("param_name", help="e.g. the word-classifier weight of the lipreader")
opts = cli.parse_args()

state = torch.load(opts.ckpt, map_location="cpu")["model_state_dict"]
mat = state[opts.param_name].float()
row_lengths = mat.norm(dim=1)
rho = np.corrcoef(mat.numpy())
np.fill_diagonal(rho, 0.0)

sns.heatmap(-rho, center=0, cmap="YlGnBu", xticklabels=False, yticklabels=False)
plt.savefig("row_corr.png", dpi=150)
print("row norms", tuple(row_lengths.shape), row_lengths)
