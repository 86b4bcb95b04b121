# cosaudit corpus, synthetic file: same shape as WanliHongC/Neural-Collapse/limit_main.py at 3f9c65b77c8da4b0de89dc23fafb9d38a0acbda4 (licence NOASSERTION); new code, no text copied.
import numpy as np
import matplotlib.pyplot as plt

from ana_utils import compute_pairwise_angle, get_features


def class_means(feats, labels, k=10):
    return np.stack([feats[labels == c].mean(axis=0) for c in range(k)])


def sweep(models, loader, n_major, k_major=5):
    stacks = []
    for model in models:
        feats, labels = get_features(loader, model)
        W = model.classifier.weight.detach().cpu().numpy()
        stacks.append(class_means(feats, labels) @ W.T)
    out = np.zeros((3, len(stacks)))
    for t, z in enumerate(stacks):
        angle = compute_pairwise_angle(z.T)
        iu = np.triu_indices(k_major, k=1)
        out[0, t] = angle[:k_major, :k_major][iu].mean()
        out[1, t] = angle[k_major:, k_major:][iu].mean()
        out[2, t] = angle[:k_major, k_major:].mean()
    for row, style in zip(out, ["-.", ":", "--"]):
        plt.plot(n_major, row, linestyle=style)
    plt.axhline(-1 / 9, color="y")
    plt.ylabel("cosine angle")
    plt.savefig("plots/limit.png")
