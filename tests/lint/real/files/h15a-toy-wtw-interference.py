# cosaudit corpus, synthetic file: same shape as Baidicoot/mech-interp-hackery/toy_model_test/draw_w_T_w.py at 0f7e8884399bb35cbe4b55931ef082607a4e9261 (licence unknown); new code, no text copied.
import pickle

import matplotlib.pyplot as plt
import numpy as np
from matplotlib import colors

with open("runs/superposition_sweep.pkl", "rb") as fh:
    saved = pickle.load(fh)
embeddings = saved["W"]      # one (n_features, n_hidden) matrix per sparsity level
offsets = saved["b"]


def interference(W):
    gram = np.einsum("ih,jh->ij", W, W)
    return gram - np.diag(np.diag(gram))


fig, grid = plt.subplots(4, 5, figsize=(18, 15))
panels = []
for idx, ax in enumerate(grid.flat):
    panels.append(ax.imshow(interference(embeddings[idx])))
    ax.label_outer()

lo = min(p.get_array().min() for p in panels)
hi = max(p.get_array().max() for p in panels)
for p in panels:
    p.set_norm(colors.Normalize(vmin=lo, vmax=hi))
fig.colorbar(panels[0], ax=grid)
fig.savefig("interference_grid.png")

plt.figure(figsize=(9, 5))
avg = np.einsum("nih,njh->nij", embeddings, embeddings).mean(axis=0)
plt.imshow(avg - np.diag(np.diag(avg)))
plt.colorbar()
plt.title("average off-diagonal interference")
plt.savefig("interference_mean.png")
