# cosaudit corpus, synthetic file: same shape as tim-lawson/mlsae/figures/mmcs.py at ba90c518893ead6d856b08821fa6aabb61a3be61 (licence MIT); new code, no text copied.
"""Mean max cosine similarity between the decoder directions of one SAE."""

import torch

from sae_tools.load import load_autoencoder
from sae_tools.utils import unit


@torch.no_grad()
def mean_max_cosine(repo, chunk=4096):
    dec = unit(load_autoencoder(repo).decoder.weight)      # (d, n_latents)
    n = dec.shape[1]
    if n <= chunk:
        sim = torch.triu(dec.T @ dec, diagonal=1)
        return (sim + sim.T).max(0).values.mean().item()
    best = torch.full((n,), -1.0)
    for s in range(0, n, chunk):
        block = dec[:, s : s + chunk].T @ dec
        block[torch.arange(block.shape[0]), torch.arange(s, s + block.shape[0])] = -1.0
        best[s : s + chunk] = block.max(1).values
    return best.mean().item()


for repo in ["me/sae-x32", "me/sae-x64", "me/sae-x128"]:
    print(repo, mean_max_cosine(repo))
