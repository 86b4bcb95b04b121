"""The answers: argmaxable / tie-able results, their certificates, and batch results."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

HeadType = Literal["softmax", "sigmoid"]
ProgressFn = Callable[[int, int, str], None]

# The LP's optimum t (rows normalised to unit length) is only a guide: above LP_MARGIN_TOL
# constraint generation looks for a witness, at or below LP_ZERO it looks for a certificate;
# neither is trusted alone (HiGHS' own feasibility tolerance is 1e-7). The answer rests on the
# witness or the certificate, re-checked in float64 (see `tolerance` in the package docstring).
LP_MARGIN_TOL = 1e-6
LP_ZERO = 1e-9
# kept for compatibility: duplicates are now rows that are *exactly* equal (a bit-for-bit check,
# translation-invariant); nearly equal rows go through the LP like any other
DUPLICATE_RTOL = 0.0
# float64 rounding: a computed logit difference a·h is trusted when it exceeds
# ROUNDING · (d + 2) · eps64 · |a|·|h| (a generous multiple of the dot product's error bound)
ROUNDING = 64.0
# unit roundoff of the storage dtypes: a "yes" whose relative margin is below a few of these is
# a tie in practice for a model run in that dtype
UNIT_ROUNDOFF = {
    "F64": 2.0**-53,
    "F32": 2.0**-24,
    "F16": 2.0**-11,
    "BF16": 2.0**-8,
    "F8_E4M3": 2.0**-4,
    "F8_E5M2": 2.0**-3,
}
Verdict = Literal["yes", "no", "undecided"]


@dataclass
class Certificate:
    """Why the answer is "no": the LP's status and optimum, and its dual weights on labels.

    For softmax, `weights` are convex weights λ_k (summing to 1) such that w_i ≈ Σ λ_k w_k and
    b_i ≤ Σ λ_k b_k: label i is dominated by that mixture. `residual` is |w_i − Σ λ_k w_k|
    relative to the rows' scale. For special cases (`kind` "duplicate", "parallel",
    "zero-row") the weights name the label responsible.
    """

    kind: str  # "lp-dual", "duplicate", "parallel", "zero-row", "infeasible-space"
    lp_status: str | None = None
    lp_optimum: float | None = None
    weights: dict[int, float] = field(default_factory=dict)
    residual: float | None = None
    bound: float | None = None  # the residual a "no" is allowed (relative, as `residual`)
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "lp_status": self.lp_status,
            "lp_optimum": self.lp_optimum,
            "weights": {str(k): v for k, v in sorted(self.weights.items())},
            "residual": self.residual,
            "bound": self.bound,
            "note": self.note,
        }


@dataclass
class Answer:
    """Common fields of an argmaxable / tie-able answer."""

    head_type: HeadType
    space: str  # the search space, in words
    method: str  # "trivial", "witness:whitened", "witness:relaxation", "lp", "duplicate", ...
    witness: np.ndarray | None = None  # h in the original hidden space (float64)
    margin: float | None = None  # min logit gap at the witness (logit units)
    rel_margin: float | None = None  # margin / (max − min logit) at the witness, in (0, 1]
    certificate: Certificate | None = None
    lp_rounds: int = 0
    lp_constraints: int = 0
    seconds: float = 0.0
    note: str = ""
    verdict: Verdict = "no"  # yes (witness re-checked) / no (certificate re-checked) / undecided
    best_margin: float | None = None  # undecided: best relative margin any candidate reached
    tolerance: float | None = None  # undecided: no witness beats the others by more than this (relative)
    storage_tie: bool = False  # a "yes" whose relative margin is below the storage dtype's resolution


@dataclass
class ArgmaxResult(Answer):
    """Can label `label` be the (strict) top prediction?  (sigmoid: predicted alone?)"""

    label: int = -1
    argmaxable: bool = False

    @property
    def answer(self) -> bool:
        return self.argmaxable


@dataclass
class TieResult(Answer):
    """Can labels `pair` share the top with every other label strictly below?"""

    pair: tuple[int, int] = (-1, -1)
    tieable: bool = False

    @property
    def answer(self) -> bool:
        return self.tieable


@dataclass
class BatchResult:
    """Argmaxable answers for many labels; `complete` is False when interrupted."""

    results: dict[int, ArgmaxResult]
    requested: list[int]
    complete: bool
    space: str
    head_type: HeadType
    seconds: float
    methods: dict[str, int]

    @property
    def not_argmaxable(self) -> list[int]:
        return sorted(i for i, r in self.results.items() if r.verdict == "no")

    @property
    def undecided(self) -> list[int]:
        return sorted(i for i, r in self.results.items() if r.verdict == "undecided")


@dataclass
class NeighbourResult:
    """Tie-able neighbours of one label, ordered by witness margin (largest first)."""

    label: int
    neighbours: list[TieResult]
    candidates_checked: int
    candidates_considered: int
    exhaustive: bool
    space: str
    head_type: HeadType
    seconds: float
    note: str = ""
    label_verdict: str = ""  # the label's own argmax answer (checked first)
    complete: bool = False  # every candidate was decided and none beyond k was dropped
    undecided: int = 0  # candidates checked by witness search only, left without an exact answer
    interrupted: bool = False  # stopped early (Ctrl-C or should_stop): what was found so far


@dataclass
class TieMatrix:
    """Yes/no tie-ability for chosen labels; the diagonal holds argmaxability."""

    ids: list[int]
    matrix: np.ndarray  # bool n × n
    pairs: dict[tuple[int, int], TieResult]
    argmax: dict[int, ArgmaxResult]
    space: str
    head_type: HeadType
