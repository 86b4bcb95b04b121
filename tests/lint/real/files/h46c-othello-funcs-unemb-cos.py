# Synthetic rewrite of the shape of yeutong/ARENA_Othello:funcs.py at ef4956e439228725693034b6a36325216521160d (licence NOASSERTION); not the original text.
"""Helpers for reading OthelloGPT neurons against the unembedding and the probes."""
import einops
import torch as t
from transformer_lens import HookedTransformer

from board_utils import stoi_indices, heatmap


def out_direction(model: HookedTransformer, layer: int, idx: int):
    w = model.W_out[layer, idx, :]
    return w / w.norm()


def neuron_writes_onto_moves(model: HookedTransformer, layer: int, idx: int):
    """How strongly one neuron's output direction points at each move's unembedding."""
    direction = out_direction(model, layer, idx)
    W_U_norm = model.W_U / model.W_U.norm(dim=0, keepdim=True)
    per_move = einops.einsum(direction, W_U_norm, "d_model, d_model n_vocab -> n_vocab")
    grid = t.zeros(8, 8, device=model.cfg.device)
    grid.flatten()[stoi_indices] = per_move[1:]        # drop the pass token
    return grid


def compare_directions(a: str, b: str, model, blank_dir, mine_dir):
    """Square-by-square cosine between two of: blank probe, mine probe, unembedding."""
    unit_cols = model.W_U / model.W_U.norm(dim=0, keepdim=True)
    unemb_grid = t.zeros((model.cfg.d_model, 8, 8), device=model.cfg.device)
    unemb_grid.flatten(start_dim=1)[:, stoi_indices] = unit_cols[:, 1:]
    table = {"blank": blank_dir, "mine": mine_dir, "W_U": unemb_grid}
    sim = einops.einsum(table[a], table[b], "d_model r c, d_model r c -> r c")
    return heatmap(sim, title=f"cosine between {a} and {b}", zmin=-0.5, zmax=0.5)
