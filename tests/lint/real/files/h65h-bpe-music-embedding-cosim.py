# Synthetic rewrite of the shape of Natooz/BPE-Symbolic-Music:scripts/bpe_embedding_space.py at 03ac8fe63c9573a9155e204228f7a12cf305f779 (licence NOASSERTION); not the original text.
"""Geometry of the token table of symbolic-music language models trained with and without BPE."""
from pathlib import Path

import faiss
import matplotlib.pyplot as plt
import numpy as np
import torch
from transformers import GPT2Config, GPT2LMHeadModel

NEIGHBOURS = 32
CHUNK = 128


def pairwise_geometry(table: torch.Tensor, figure: Path):
    n = table.shape[0]
    dist = torch.zeros(n, n)
    cos = torch.zeros(n, n)
    for a in range(n):
        for b in range(a, n):
            d = (table[a] - table[b]).norm()
            c = torch.cosine_similarity(table[a][None], table[b][None])
            dist[a, b] = dist[b, a] = d
            cos[a, b] = cos[b, a] = c
    upper = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)
    mean_abs_cos = cos[upper].abs().mean()
    print(f"mean distance {dist[upper].mean():.2f}  mean |cos| {mean_abs_cos:.2f}")
    fig, ax = plt.subplots(figsize=(7, 7))
    ax.matshow(cos.numpy())
    fig.savefig(figure)
    plt.close(fig)


def neighbour_spread(table: torch.Tensor) -> float:
    x = table.numpy().astype(np.float32)
    index = faiss.IndexFlatIP(x.shape[1])  # raw inner products, rows left unnormalised
    index.add(x)
    spreads = []
    for start in range(0, len(x), CHUNK):
        scores, _ = index.search(x[start:start + CHUNK], NEIGHBOURS)
        spreads.append(torch.from_numpy(scores))
    return float(torch.cat(spreads).var(dim=1).mean())


if __name__ == "__main__":
    out = Path("analysis", "token_space")
    out.mkdir(parents=True, exist_ok=True)
    for run in ["tsd_nobpe", "tsd_bpe4k", "remi_bpe8k"]:
        model = GPT2LMHeadModel.from_pretrained(Path("runs", run, "last"))
        model.eval()
        with torch.no_grad():
            lookup = model.get_input_embeddings()
            ids = torch.arange(model.config.vocab_size)
            table = lookup(ids)  # (V, E), shared with the output projection
        pairwise_geometry(table, out / f"cos_{run}.pdf")
        print(run, "neighbour spread", neighbour_spread(table))
