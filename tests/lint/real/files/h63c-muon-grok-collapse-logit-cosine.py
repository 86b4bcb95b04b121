# Synthetic rewrite of the shape of Na00s/muon-grokking:analysis/collapse_spectral_analysis.py at 6d64a981af75f1300d9060109e81552d48a81360 (licence NOASSERTION); not the original text.
"""After a grokked modular-addition model collapses, compare each later checkpoint
with a reference checkpoint: how far did the readout move, do the logits still
point the same way, and does swapping readouts between checkpoints still work?"""
from dataclasses import dataclass

import torch
from torch import Tensor


@dataclass
class Snapshot:
    hidden: Tensor        # final residual for every (a, b) pair, shape [p*p, d]
    readout: Tensor       # output layer weight, shape [p, d]


def readout_logits(hidden: Tensor, readout: Tensor) -> Tensor:
    # plain decoding of the residual with a chosen output layer
    return hidden @ readout.T


def flat_cos(x: Tensor, y: Tensor) -> float:
    x = x.reshape(-1).float()
    y = y.reshape(-1).float()
    denom = x.norm() * y.norm()
    return 0.0 if denom.item() <= 0 else float((x @ y / denom).item())


def rel_drift(now: Tensor, ref: Tensor) -> float:
    return float(((now - ref).norm() / ref.norm().clamp_min(1e-12)).item())


def acc(logits: Tensor, targets: Tensor) -> float:
    return float((logits.argmax(-1) == targets).float().mean().item())


def compare(now: Snapshot, ref: Snapshot, targets: Tensor) -> dict:
    own = readout_logits(now.hidden, now.readout)
    base = readout_logits(ref.hidden, ref.readout)
    return {
        "readout_drift": rel_drift(now.readout, ref.readout),
        "hidden_drift": rel_drift(now.hidden, ref.hidden),
        "logit_cosine_to_ref": flat_cos(own, base),
        "acc_now": acc(own, targets),
        "acc_now_hidden_ref_readout": acc(readout_logits(now.hidden, ref.readout), targets),
        "acc_ref_hidden_now_readout": acc(readout_logits(ref.hidden, now.readout), targets),
    }
