# cosaudit corpus, synthetic file: same shape as NicolasLopez147/Practical-Work-Out-of-Distribution-Detection-OOD-Scoring-Methods-and-Neural-Collapse/calculate.py at c43116e1638985fc14e9a66ac42b5788f55fb674 (licence NOASSERTION); new code, no text copied.
import matplotlib.pyplot as plt
import torch


def gram_cosine_matrix(vectors):
    v = vectors.float()
    v = v / (v.norm(dim=1, keepdim=True) + 1e-12)
    return v @ v.T


def plot_nc_weights(model, means, out_dir):
    W = model.fc.weight.detach().cpu()
    C = W.shape[0]
    target = -1.0 / (C - 1)
    Gw = gram_cosine_matrix(W).numpy()
    off = Gw[~torch.eye(C, dtype=torch.bool).numpy()]
    plt.hist(off, bins=50)
    plt.axvline(target, color="r")
    plt.title(f"off-diagonal cosine(classifier weights), target={target:.4f}")
    plt.savefig(f"{out_dir}/nc_weights_cosine.png")
    plt.close()
    Wn = W / (W.norm(dim=1, keepdim=True) + 1e-12)
    Mn = means / (means.norm(dim=1, keepdim=True) + 1e-12)
    plt.bar(range(C), (Wn * Mn).sum(dim=1).numpy())
    plt.title("cosine: classifier weights vs class means (per class)")
    plt.savefig(f"{out_dir}/nc_self_duality.png")
    return float(off.mean())
