# Synthetic rewrite of the shape of gustavdelius/2048:analyze_embeddings.py at 3bf11f62fe6f46bc68351ce4c3c7684e436862d5 (licence NOASSERTION); not the original text.
"""Inspect the learned tile-value table of a DQN that plays a small 2048 board."""
import sys

import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_similarity

from agent import DeepEmbeddingDQN

TILE_NAMES = ["blank", "2", "4", "8", "16", "32", "64", "128", "256+"]


def inspect_tiles(ckpt_path):
    net = DeepEmbeddingDQN(board_size=(3, 3), num_actions=4)
    net.load_state_dict(torch.load(ckpt_path, map_location="cpu"))
    table = net.embedding.weight.detach().cpu().numpy()

    print("-- row norms --")
    for name, n in zip(TILE_NAMES, np.linalg.norm(table, axis=1)):
        print(f"{name:>6} {n:.3f}")

    print("-- neighbouring tiles --")
    for k in range(len(table) - 1):
        sim = cosine_similarity(table[k:k+1], table[k+1:k+2])[0, 0]
        print(f"{TILE_NAMES[k]:>6} ~ {TILE_NAMES[k+1]:<6} {sim:+.3f}")

    steps = [table[k + 1] - table[k] for k in range(1, len(table) - 1)]
    print("-- is there one 'doubling' direction? --")
    for k in range(len(steps) - 1):
        c = cosine_similarity([steps[k]], [steps[k + 1]])[0, 0]
        print(f"step {k} vs step {k + 1}: {c:+.3f}")


if __name__ == "__main__":
    inspect_tiles(sys.argv[1] if len(sys.argv) > 1 else "best_model.pth")
