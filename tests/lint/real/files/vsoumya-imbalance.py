# cosaudit corpus, synthetic file: same shape as V-SOUMYA/Neural-Collapse/extension 1.py at 5be7bfb4a2ef26a7057c4cc885067caa1b1e64d6 (licence NOASSERTION); new code, no text copied.
# In[ ]:
import matplotlib.pyplot as plt
import torch

NUM_CLASSES = 10
runs = {"balanced": "results/balanced/model.pt", "imbalanced": "results/imbalance/model.pt"}

fig, axes = plt.subplots(1, len(runs), figsize=(14, 6))
for ax, (name, path) in zip(axes, runs.items()):
    state = torch.load(path, map_location="cpu")
    W = state["classifier.weight"]
    unit = W / (W.norm(dim=1, keepdim=True) + 1e-8)
    cos_mat = (unit @ unit.T).numpy()
    ax.imshow(cos_mat, cmap="RdBu_r", vmin=-0.5, vmax=1.0)
    ax.set_title(name)
    for ii in range(NUM_CLASSES):
        for jj in range(NUM_CLASSES):
            ax.text(jj, ii, f"{cos_mat[ii, jj]:.1f}", ha="center", va="center", fontsize=5)
plt.suptitle("Classifier weight cosine matrices: balanced near -0.11 off the diagonal, imbalanced breaks symmetry")
plt.savefig("results/imbalance/plots/cosine_matrices.png", dpi=150)
