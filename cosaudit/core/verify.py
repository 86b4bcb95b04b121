"""Numerical proof that an equivalent model gives the same probabilities as the original.

On N seeded probe hidden states, drawn at the scale the head sees (through the final norm
when there is one: normalised vectors n(x), then ``h = γ⊙n + β``), compare the original logits
``W h + b`` with the equivalent model's ``W' h' + b`` (``h'`` with the new gain/shift), after the
soft-cap when there is one, as probabilities: max |Δp|, max |Δ log p| and argmax agreement, all
in float64 — once for the exact equivalent and once for the equivalent as stored in a given
dtype (rounding a translated bf16 matrix back to bf16 is not exact; it is measured, not assumed).

What "verified" means. The model as stored is the one that can fail: its logits are computed
element by element, in float64, from the rows exactly as written (float32 arithmetic rounded
to the dtype, the writer's own function) and the stored norm. The exact float64 equivalent's
logits follow by algebra from the original's: ``z + c·h`` under T (every logit moves by the
same amount), ``z`` under S (``(W/e)·(e⊙h) = W·h``); ``exact="elementwise"`` computes them from
its rows instead (tests compare both).

The work streams over row blocks (`StreamVerifier`), so no V×d copy is ever made and a head
read block by block from a file is verified in the same pass that reads it.

Where the parts are: the head, its variants and the probes in `core.probes`; the streaming pass in
`core.stream_verifier`; the probability comparison in `core.agreement`. This module runs them over
an in-memory head (`verify_models`) and re-exports their public names, which users import from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import numpy as np

from cosaudit.core.agreement import Verification, combine_verifications
from cosaudit.core.equivalent import Equivalent
from cosaudit.core.model_neighbours import ModelNeighbours, NeighbourPlan
from cosaudit.core.probes import (
    HeadArrays,
    Variant,
    algebraic_exact,
    auto_probe_count,
    describe_probes,
    probe_chunk_size,
    probe_inputs,
)
from cosaudit.core.rounding import DTYPES, DTypeName, numpy_dtype, round_to_dtype
from cosaudit.core.stream_verifier import StreamVerifier

__all__ = [  # re-exported by name: the verifier's users (and the equivalent's) import them from here
    "DTYPES", "DTypeName", "Equivalent", "HeadArrays", "ModelNeighbours", "NeighbourPlan", "StreamVerifier",
    "Variant", "Verification", "algebraic_exact", "auto_probe_count", "combine_verifications", "describe_probes",
    "numpy_dtype", "probe_chunk_size", "probe_inputs", "round_to_dtype", "verify_models",
]


def verify_models(
    head: HeadArrays,
    variants: Sequence[Variant],
    *,
    n_probes: int = 1000,
    seed: int = 0,
    probes: np.ndarray | None = None,
    memory_bytes: int = 384 << 20,
    row_block: int = 8192,
    workers: int = 2,
    exact: Literal["algebraic", "elementwise"] = "algebraic",
) -> list[Verification]:
    """Verify every variant against the original on the same probes (`StreamVerifier` over the
    rows of the in-memory `head.weight`, `row_block` rows at a time).

    What is verified: each variant stored in a dtype (`Variant.weight_dtype`) has its logits
    computed element by element in float64 from its stored rows (and stored norm); the exact
    float64 variants by algebra (``z + c·h`` under T, ``z`` under S), unless ``exact=
    "elementwise"``. Probabilities are compared in float64 over the whole vocabulary.
    """
    v, d = head.shape
    n_x = probes if probes is not None else probe_inputs(d, n_probes, seed, head.norm_kind)
    n_x = np.asarray(n_x, dtype=np.float64).reshape(-1, d)
    n_total = n_x.shape[0]
    n_genuine = sum(
        1 for var in variants if exact == "elementwise" or not algebraic_exact(head, var)
    )
    chunk = probe_chunk_size(v, n_total, n_genuine, memory_bytes=memory_bytes)
    where = describe_probes(head) if probes is None else "the given hidden states"
    W = head.weight
    rb = max(1, int(row_block))
    parts = []
    for p0 in range(0, max(n_total, 1), chunk):
        with StreamVerifier(
            head, variants, n_x[p0 : p0 + chunk], exact=exact, workers=workers
        ) as sv:
            for a in range(0, v, rb):
                sv.add(a, W[a : a + rb])
            parts.append(sv.finish(seed=seed, probe_set=where))
    return combine_verifications(parts)
