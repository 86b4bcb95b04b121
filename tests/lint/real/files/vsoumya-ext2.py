# cosaudit corpus, synthetic file: same shape as V-SOUMYA/Neural-Collapse/extension 2.py at 5be7bfb4a2ef26a7057c4cc885067caa1b1e64d6 (licence NOASSERTION); new code, no text copied.
# In[ ]:
import matplotlib.pyplot as plt
import torch

NUM_CLASSES = 10
checkpoints = {"epoch 50": "ckpt/e50.pt", "epoch 150": "ckpt/e150.pt", "epoch 350": "ckpt/e350.pt"}


def etf_gap(W):
    C = W.shape[0]
    W_hat = W / (torch.norm(W, p="fro") + 1e-8)
    G_actual = W_hat @ W_hat.T
    G_ideal = (torch.eye(C) - torch.ones(C, C) / C) / (C - 1) ** 0.5
    G_ideal = G_ideal / torch.norm(G_ideal, p="fro")
    return torch.norm(G_actual - G_ideal, p="fro").item()


fig, axes = plt.subplots(1, len(checkpoints), figsize=(15, 5))
for ax, (name, path) in zip(axes, checkpoints.items()):
    model.load_state_dict(torch.load(path, map_location="cpu"))
    W = model.classifier.weight.data.cpu()
    W_norms = torch.norm(W, dim=1)
    W_normalized = W / (W_norms.unsqueeze(1) + 1e-8)
    cos_mat = (W_normalized @ W_normalized.T).numpy()
    ax.imshow(cos_mat, cmap="RdBu_r", vmin=-0.5, vmax=1.0)
    ax.set_title(f"{name}: ETF gap {etf_gap(W):.3f}")
plt.savefig("results/label_smoothing/plots/classifier_cosines.png", dpi=150)
