# Synthetic rewrite of the shape of CG80499/Attention-only-transformers:plot_eigenvalue_graphs.py at 18da5d303e4d5e0ef32706b868e16386316b131e (licence NOASSERTION); not the original text.
"""Track how 'copying' each head of a one-layer letters model is over training.

Copying score of a circuit = sum(eigenvalues) / sum(|eigenvalues|) of
W_E W_V^h W_O^h W_U, with every matrix read from saved state dicts.
"""
from glob import glob

import matplotlib.pyplot as plt
import numpy as np
import torch

N_HEADS, D_MODEL = 4, 32
HEAD_DIM = D_MODEL // N_HEADS


def copy_score(eigs):
    return (np.sum(eigs) / np.sum(np.abs(eigs))).real


def scores_for(sd):
    emb = sd["layers.0.embedding_matrix.weight"].T
    w_out = sd["layers.1.W_o.weight"].T
    w_val = sd["layers.1.W_v.weight"].T
    unemb = sd["head.weight"].T
    for h in range(N_HEADS):
        cols = slice(h * HEAD_DIM, (h + 1) * HEAD_DIM)
        ov = (emb @ w_val[:, cols] @ w_out[cols, :] @ unemb).detach().numpy()
        yield copy_score(np.linalg.eigvals(ov))
    yield copy_score(np.linalg.eigvals((emb @ unemb).detach().numpy()))


paths = sorted(glob("checkpoints/one_layer_every_step/*.pt"), key=lambda p: p.split("_")[2])
history = [list(scores_for(torch.load(p))) for p in paths]
for h in range(N_HEADS):
    plt.plot([row[h] for row in history], label=f"head {h + 1}")
plt.plot([row[-1] for row in history], label="direct path")
plt.legend()
plt.show()
