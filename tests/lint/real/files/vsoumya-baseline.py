# cosaudit corpus, synthetic file: same shape as V-SOUMYA/Neural-Collapse/neural collapse baseline.py at 5be7bfb4a2ef26a7057c4cc885067caa1b1e64d6 (licence NOASSERTION); new code, no text copied.
# In[ ]:
import matplotlib.pyplot as plt
import torch

NUM_CLASSES = 10

fig, axes = plt.subplots(1, 2, figsize=(16, 7))

# class means, centred
mu = torch.stack([class_means[c] for c in range(NUM_CLASSES)]) - global_mean
mu_unit = mu / mu.norm(dim=1, keepdim=True)
cos_mat_means = (mu_unit @ mu_unit.T).numpy()
axes[0].imshow(cos_mat_means, cmap="RdBu_r", vmin=-0.5, vmax=1.0)
axes[0].set_title("Cosine Similarity: Class Means")

# classifier rows
W = model.classifier.weight.data.cpu()
W_norms = torch.norm(W, dim=1)
W_normalized = W / (W_norms.unsqueeze(1) + 1e-8)
cos_mat_clf = (W_normalized @ W_normalized.T).numpy()
im2 = axes[1].imshow(cos_mat_clf, cmap="RdBu_r", vmin=-0.5, vmax=1.0)
axes[1].set_title("Cosine Similarity: Classifier Weights")
axes[1].set_xticks(range(NUM_CLASSES))
axes[1].set_xticklabels(train_dataset.classes, rotation=45, ha="right")
axes[1].set_yticks(range(NUM_CLASSES))
axes[1].set_yticklabels(train_dataset.classes)
plt.colorbar(im2, ax=axes[1], shrink=0.8)
for i in range(NUM_CLASSES):
    for j in range(NUM_CLASSES):
        axes[1].text(j, i, f"{cos_mat_clf[i, j]:.2f}", ha="center", va="center", fontsize=7)
plt.savefig("results/plots/cosine_matrices.png", dpi=150)
