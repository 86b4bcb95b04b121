# Synthetic rewrite of the shape of bcrafton/summer18:mnist_bp1/analysis/angles/plot.py at 5305e78adc558a98f0d5b39e41ea422933c2bc24 (licence NOASSERTION); not the original text.
import numpy as np
import matplotlib.pyplot as plt


def angle_between(a, b):
    a = a / np.linalg.norm(a)
    b = b / np.linalg.norm(b)
    return np.arccos(np.clip(a @ b, -1.0, 1.0))


def collect(fb_file, weight_dir, prefix, runs=95, seeds=4):
    B = np.load(fb_file)[:25].ravel()
    out = []
    for r in range(1, runs + 1):
        for s in range(seeds):
            w_out = np.load(f"{weight_dir}/{prefix}{r}_{s}.npy")[:25].ravel()
            angle = angle_between(B, w_out) * (180.0 / np.pi)
            out.append(angle)
    return np.array(out)


full = collect("../feedback.npy", "../dfa", "W_out_")
rank1 = collect("../feedback_rank1.npy", "../dfa_rank1", "W_out_")
bp = collect("../feedback.npy", "../backprop", "W_out_")

bins = np.linspace(0, 100, 1000)
for vals, name in [(full, "full-rank feedback"), (rank1, "rank-1 feedback"), (bp, "backprop weights")]:
    plt.hist(vals, bins=bins, alpha=0.5, label=name)
plt.xlabel("angle between feedback matrix and trained output weights (deg)")
plt.legend()
plt.show()
