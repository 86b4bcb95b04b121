# Synthetic rewrite of the shape of Na00s/muon-grokking:experiments/depth/depth4_matched_fourier_mode_identification.py at 6d64a981af75f1300d9060109e81552d48a81360 (licence NOASSERTION); not the original text.
"""Compare two matched branches of a modular-addition transformer.

One branch keeps training normally; the other froze a block. For each saved step
we record how far the two runs drifted apart: accuracy on the whole (a, b) grid,
overlap of their top Fourier modes and how similar their output readouts are.
"""
from __future__ import annotations

import torch
from torch import Tensor


def flat_cosine(a: Tensor, b: Tensor) -> float:
    """Cosine between two tensors after flattening both to one long vector."""
    va = a.flatten().double()
    vb = b.flatten().double()
    scale = va.norm() * vb.norm()
    if scale.item() == 0.0:
        return 0.0
    return float((va @ vb).item() / scale.item())


def top_modes(power: Tensor, k: int) -> set[tuple[int, int]]:
    flat = power.flatten()
    idx = torch.topk(flat, k).indices
    width = power.shape[1]
    return {(int(i) // width, int(i) % width) for i in idx}


def mode_overlap(p: Tensor, q: Tensor, k: int) -> float:
    return len(top_modes(p, k) & top_modes(q, k)) / max(k, 1)


def readout_similarity(run_a, run_b) -> float:
    # whole output projection of one run against the whole projection of the other
    return flat_cosine(
        run_a.unembedding.weight.detach().cpu(),
        run_b.unembedding.weight.detach().cpu(),
    )


def grid_accuracy(logits: Tensor, targets: Tensor) -> float:
    return float((logits.argmax(-1) == targets).float().mean().item())


def compare_step(step, run_a, run_b, inputs, targets, spectra_a, spectra_b, k=20):
    with torch.no_grad():
        logits_a = run_a(inputs)[:, -1]
        logits_b = run_b(inputs)[:, -1]
    acc_a = grid_accuracy(logits_a, targets)
    acc_b = grid_accuracy(logits_b, targets)
    return {
        "step": step,
        "acc_control": acc_a,
        "acc_frozen": acc_b,
        "acc_gap": acc_b - acc_a,
        "readout_cosine": readout_similarity(run_a, run_b),
        "spectrum_cosine": flat_cosine(spectra_a, spectra_b),
        "top_mode_overlap": mode_overlap(spectra_a, spectra_b, k),
    }
