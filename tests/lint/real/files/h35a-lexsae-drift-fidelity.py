# Synthetic rewrite of the shape of indrajeetadityaroy9/lexical-sae:src/evaluation/drift_fidelity.py at f483f9da6ce735c4f208fd227230752260b251bd (licence NOASSERTION); not the original text.
"""How far the vocabulary-anchored dictionary atoms have moved away from the unembedding columns."""

import torch
from torch import Tensor


def unembedding_columns(lm) -> Tensor:
    # [d_model, V]: one column per vocabulary item
    return lm.get_output_embeddings().weight.T.float()


@torch.no_grad()
def anchor_alignment(atoms: Tensor, vocab_cols: Tensor) -> dict:
    """Per-column cosine between each anchored atom and its vocabulary column."""
    atoms_unit = atoms / atoms.norm(dim=0, keepdim=True)
    vocab_unit = vocab_cols / vocab_cols.norm(dim=0, keepdim=True)
    cos = (atoms_unit * vocab_unit).sum(dim=0)
    return {
        "avg": float(cos.mean()),
        "lowest": float(cos.min()),
        "share_over_0.98": float((cos > 0.98).float().mean()),
    }
