# cosaudit corpus, synthetic file: same shape as anemily-machina/isotropy_transformers/src/cosine_improvement.py at baf98c29bd62c0d6601690dbb7e95d66ca1985c6 (licence NOASSERTION); new code, no text copied.
"""Average pairwise cosine of many embeddings in O(n d) instead of O(n^2 d)."""
import argparse
import time

import torch

N, D = 12800, 512


def mean_pairwise_cosine_fast(unit):
    """With unit-length rows, sum_ij <x_i, x_j> = |sum_i x_i|^2, so remove the n diagonal terms."""
    s = unit.sum(0)
    total = (s * s).sum()
    return ((total - len(unit)) / (len(unit) * (len(unit) - 1))).item()


def mean_pairwise_cosine_slow(unit):
    sims = unit @ unit.T
    n = len(unit)
    return ((sims.sum() - n) / (n * (n - 1))).item()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", choices=["normal", "uniform"], default="normal")
    args = ap.parse_args()
    x = torch.randn(N, D) if args.dist == "normal" else torch.rand(N, D)
    x = torch.nn.functional.normalize(x, dim=1)
    for fn in (mean_pairwise_cosine_fast, mean_pairwise_cosine_slow):
        t = time.time()
        print(fn.__name__, fn(x), f"{time.time() - t:.2f}s")
