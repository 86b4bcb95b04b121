# Synthetic rewrite of the shape of leilanihoffmann26/protein_embed_eval:protein_embed_eval/residue_similarity.py at 0d2500fe33315509adbe16d90b36cbecc6beff26 (licence NOASSERTION); not the original text.
"""Similarity of per-residue hidden states from a protein language model."""
import numpy as np
from sklearn.metrics.pairwise import cosine_similarity


def site_pair_similarity(residue_states, first_site=34, second_site=51):
    """Cosine between the contextual vectors of two catalytic residues."""
    if residue_states.ndim != 2:
        raise ValueError("expected a (residues, hidden) array")
    n_res = residue_states.shape[0]
    if first_site >= n_res or second_site >= n_res:
        raise IndexError("site index beyond the sequence length")
    left = residue_states[first_site][None, :]
    right = residue_states[second_site][None, :]
    return float(cosine_similarity(left, right)[0, 0])


def residue_similarity_grid(residue_states):
    """All-pairs cosine between residues of one encoded sequence (L x L)."""
    return cosine_similarity(residue_states)
