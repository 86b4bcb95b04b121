# Synthetic rewrite of the shape of indrajeetadityaroy9/lexical-sae:spalf/evaluation/absorption.py at 021eb12fa80f7cfba95b8843507941a3772db807 (licence NOASSERTION); not the original text.
"""How strongly the unanchored dictionary atoms line up with some vocabulary direction."""

import torch
import torch.nn.functional as F
from torch import Tensor


@torch.no_grad()
def vocab_capture_stats(free_atoms: Tensor, W_vocab: Tensor) -> dict:
    """free_atoms: [d, k] free decoder columns; W_vocab: [d, V] unembedding columns (lm head transposed)."""
    atoms_hat = F.normalize(free_atoms, dim=0)
    vocab_hat = F.normalize(W_vocab, dim=0)

    cos_matrix = atoms_hat.T @ vocab_hat          # [k, V]
    best = cos_matrix.abs().amax(dim=1)           # closest token direction per atom

    return {
        "atoms": free_atoms.shape[1],
        "best_alignment": float(best.max()),
        "avg_alignment": float(best.mean()),
        "spread": float(best.std()),
    }
