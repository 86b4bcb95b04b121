# Synthetic rewrite of the shape of rmaganza/learning-mechinterp-lab:src/mechinterp_lab/analysis/analysis.py at db4c93afb9b0fa905f8e8a3526e038c150abe1c6 (licence NOASSERTION); not the original text.
"""Small analysis helpers for a TransformerLens model: per-head circuits,
per-neuron write directions, and how a chosen direction reads out in vocab."""
from __future__ import annotations

from dataclasses import dataclass

import torch
from transformer_lens import HookedTransformer


def _unwrap(m) -> HookedTransformer:
    return getattr(m, "model", m)


@dataclass
class HeadReport:
    layer: int
    head: int
    qk: torch.Tensor
    ov: torch.Tensor


def head_circuits(model, layer: int) -> list[HeadReport]:
    net = _unwrap(model)
    out = []
    for h in range(net.cfg.n_heads):
        qk = net.W_Q[layer, h].T @ net.W_K[layer, h]
        ov = net.W_V[layer, h] @ net.W_O[layer, h]
        out.append(HeadReport(layer, h, qk, ov))
    return out


@dataclass
class DirectionReport:
    along: torch.Tensor        # projection of the residual stream on the direction
    unit: torch.Tensor         # the direction, unit length
    vocab_cosine: torch.Tensor # cosine of the direction with every token's readout vector


def read_direction(model, tokens: torch.Tensor, direction: torch.Tensor,
                   layer: int, pos: int = -1) -> DirectionReport:
    net = _unwrap(model)
    _, cache = net.run_with_cache(tokens)
    resid = cache[f"blocks.{layer}.hook_resid_post"][:, pos, :]
    unit = direction / (direction.norm() + 1e-8)
    along = resid @ unit
    readout = net.W_U                                   # [d_model, d_vocab]
    readout_unit = readout / (readout.norm(dim=0, keepdim=True) + 1e-8)
    vocab_cos = unit @ readout_unit                     # one value per vocabulary item
    return DirectionReport(along=along, unit=unit, vocab_cosine=vocab_cos)


def top_tokens(model, report: DirectionReport, k: int = 10) -> list[str]:
    net = _unwrap(model)
    ids = report.vocab_cosine.topk(k).indices.tolist()
    return [net.to_single_str_token(i) for i in ids]
