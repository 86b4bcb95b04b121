"""What a verification probes: the head and its equivalent variants (core's view of a checkpoint),
the seeded probe hidden states each model sees, and how many probes fit the time and memory budget."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from cosaudit.core.equivalent import Equivalent


@dataclass(frozen=True)
class HeadArrays:
    """The numbers of one head that decide its probabilities (core's view of a checkpoint)."""

    weight: np.ndarray  # V×d (float32 or float64)
    bias: np.ndarray | None = None  # V
    gain: np.ndarray | None = None  # effective gain γ of the final norm (offset included)
    shift: np.ndarray | None = None  # β of a LayerNorm
    norm_kind: str | None = None  # "layernorm" | "rmsnorm" | None
    gain_offset: float = 0.0  # Gemma-style RMSNorm stores γ − offset
    softcap: float | None = None
    head_type: str = "softmax"  # or "sigmoid"

    @property
    def shape(self) -> tuple[int, int]:
        """(V, d) of the head matrix."""
        v, d = self.weight.shape
        return int(v), int(d)


@dataclass(frozen=True)
class Variant:
    """An equivalent model, exact (dtype None → float64) or as stored in a dtype."""

    equivalent: Equivalent
    weight_dtype: str | None = None
    norm_dtype: str | None = None



def describe_probes(head: HeadArrays) -> str:
    """Which hidden states the probes are, in words (for the report)."""
    if head.norm_kind == "layernorm":
        return (
            "h = γ⊙n + β with n a LayerNorm output of a standard normal x "
            "(mean-free, unit variance)"
        )
    if head.norm_kind == "rmsnorm":
        return "h = γ⊙n with n an RMSNorm output of a standard normal x (unit RMS)"
    return "h drawn from a standard normal (the head has no final norm to fix the scale)"


def probe_inputs(d: int, n: int, seed: int, norm_kind: str | None) -> np.ndarray:
    """n(x) for N seeded standard-normal x (x itself without a norm); float64, N×d."""
    x = np.random.default_rng(seed).standard_normal((n, d))
    if norm_kind == "layernorm":
        x = x - x.mean(axis=1, keepdims=True)
        x = x / np.sqrt((x * x).mean(axis=1, keepdims=True))
    elif norm_kind == "rmsnorm":
        x = x / np.sqrt((x * x).mean(axis=1, keepdims=True))
    return x


def _hidden(n: np.ndarray, gain: np.ndarray | None, shift: np.ndarray | None) -> np.ndarray:
    """h = gain ⊙ n + shift (either may be absent)."""
    h = n if gain is None else n * gain
    return h if shift is None else h + shift


def auto_probe_count(v: int, d: int, n_models: int, *, requested: int | None = None) -> int:
    """Probe count: `requested`, else 1000 capped so verification costs about one read of the head.

    Each probe costs 2·V·d float64 flops per model compared (the original included); on the
    reference machine (2 cores, ~30 GFLOP/s float64 in small blocks, ~1.5 ns per element to
    read and convert a head) that caps the count at 1000 for heads up to a few million entries,
    ~40 for GPT-2's 50257 × 768 with two targets, and 8 (the floor) for 128256 × 4096.
    """
    if requested is not None:
        return int(requested)
    flops_budget = 30e9 * (0.5 + 1.5e-9 * v * d)
    n = int(flops_budget / (2.0 * v * d * (1 + n_models)))
    return max(8, min(1000, n))


def probe_hiddens(
    head: HeadArrays, variants: Sequence[Variant], n_x: np.ndarray
) -> tuple[np.ndarray, list[np.ndarray]]:
    """h of the original model and of every variant on the normalised probes `n_x` (float64).

    A stored variant of S uses the stored gain/shift (rounded to its norm dtype), so the hidden
    states it sees are those of the checkpoint as written.
    """
    g64 = None if head.gain is None else np.asarray(head.gain, dtype=np.float64)
    s64 = None if head.shift is None else np.asarray(head.shift, dtype=np.float64)
    h0 = _hidden(n_x, g64, s64)
    hs = []
    for var in variants:
        eq = var.equivalent
        if eq.symmetry == "translate":
            hs.append(h0)  # T leaves the norm alone
            continue
        g, s = eq.gain(g64), eq.shift(s64)
        if var.norm_dtype is not None:
            if g64 is not None:
                g = (
                    eq.stored_vector(
                        g64, var.norm_dtype, kind="gain", offset=head.gain_offset
                    ).astype(np.float64)
                    + head.gain_offset
                )
            if s64 is not None:
                s = eq.stored_vector(s64, var.norm_dtype, kind="shift").astype(np.float64)
        hs.append(_hidden(n_x, g, s))
    return h0, hs


def algebraic_exact(head: HeadArrays, var: Variant) -> bool:
    """Whether the exact (float64) variant's logits follow from the original's by algebra.

    T adds c·h to every logit (any head); S with a norm gain to absorb e leaves every logit as
    it was. A stored variant (any `weight_dtype`) is never derived: its rows are rounded, and
    only their logits, computed element by element, can show what the rounding did.
    """
    if var.weight_dtype is not None:
        return False
    if var.equivalent.symmetry == "translate":
        return True
    return head.gain is not None


def probe_chunk_size(
    v: int, n_probes: int, n_genuine: int, n_columns: int = 0, memory_bytes: int = 384 << 20
) -> int:
    """Probes per pass so that the logits held (V × probes per model, float64) fit the budget."""
    per_probe = max(1, v * 8 * (1 + n_genuine))
    room = max(0, memory_bytes - v * 8 * n_columns)
    return max(1, min(max(1, n_probes), room // per_probe))
