"""`--space`: where the identifiable questions search for hidden states.

    all          all of R^d (the default; what the model itself allows)
    norm         the outputs of the head's final norm (LayerNorm: the affine span of γ ⊙ n + β
                 with n mean-free; RMSNorm: the span of γ ⊙ n)
    box:R        every coordinate in [-R, R]
    FILE         the affine span of the hidden states in FILE (.npy / .npz, n × d)
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from cosaudit.core.geometry import (
    ALL,
    SearchSpace,
    box_space,
    hidden_states_space,
    layernorm_space,
    rmsnorm_space,
)
from cosaudit.errors import DataError, UsageError
from cosaudit.load.head import Head
from cosaudit.load.hidden import read_hidden_states

SPACE_HELP = (
    "Where hidden states are searched: 'all' (R^d, default), 'norm' (the final norm's outputs), "
    "'box:R' (every coordinate in [-R, R]) or a .npy/.npz FILE of hidden states (n x d: their "
    "affine span)."
)


def search_space(head: Head, value: str | None) -> SearchSpace:
    """The search space named by a `--space` value, for this head."""
    text = (value or "all").strip()
    if text == "all":
        return ALL
    if text == "norm":
        norm = head.final_norm
        if norm is None:
            raise UsageError(
                "--space norm: this head has no final norm before it",
                hint="use --space all, box:R or a file of hidden states",
            )
        gain = norm.gain()
        if not np.isfinite(gain).all():
            raise DataError("the final norm's gain has NaN/Inf entries")
        if norm.kind == "layernorm":
            return layernorm_space(gain, norm.shift())
        return rmsnorm_space(gain)
    if text.startswith("box:"):
        raw = text[4:]
        try:
            radius = float(raw)
        except ValueError:
            raise UsageError(
                f"--space box:R needs a number R, got {raw!r}", hint="for example --space box:10"
            ) from None
        if not (radius > 0 and math.isfinite(radius)):
            raise UsageError(f"--space box:R needs R > 0, got {raw}", hint="for example --space box:10")
        return box_space(radius)
    path = Path(text)
    if path.suffix in (".npy", ".npz") or path.exists():
        H = read_hidden_states(path, head.shape[1])
        return hidden_states_space(H, what=f"hidden states from {path.name}")
    raise UsageError(
        f"unknown --space value {text!r}",
        hint="use all, norm, box:R, or the path of a .npy/.npz file of hidden states",
    )
