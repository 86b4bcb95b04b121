# cosaudit corpus, synthetic file: same shape as zer0x100/check_neural_collapse/check_collapse.py at fda8b5794e1940ef1200311d6e9b7cb56b4c4559 (licence NOASSERTION); new code, no text copied.
"""Neural collapse checks on saved class means: equal norms, equal angles, simplex angles."""
import os
import numpy as np
import matplotlib.pyplot as plt

run_dir = "./runs/resnet18_c10"
saved = np.load(os.path.join(run_dir, "means.npz"))
k = 10

means = {split: saved[f"{split}_class_means"] for split in ("train", "test")}       # (epochs, K, d)
centred = {s: m - m.mean(axis=1, keepdims=True) for s, m in means.items()}


def norm_spread(per_epoch):
    lengths = np.linalg.norm(per_epoch, axis=1)
    return lengths.std() / lengths.mean()


def off_diagonal_cosines(per_epoch):
    out = []
    for i, u in enumerate(per_epoch):
        for j, v in enumerate(per_epoch):
            if i != j:
                out.append(u @ v / np.linalg.norm(u) / np.linalg.norm(v))
    return np.array(out)


for split, series in centred.items():
    cos = [off_diagonal_cosines(e) for e in series]
    plt.plot([c.std() for c in cos], label=f"{split} std cos")
    plt.plot([np.abs(c + 1 / (k - 1)).mean() for c in cos], label=f"{split} |cos + 1/(K-1)|")
    plt.plot([norm_spread(e) for e in series], label=f"{split} norm spread")
plt.xlabel("epoch")
plt.legend()
plt.savefig(os.path.join(run_dir, "collapse.png"))
