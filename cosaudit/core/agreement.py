"""How far an equivalent model's probabilities are from the original's on the probes: the
probabilities of logits (after the soft-cap; softmax or per-label sigmoid) and the comparison, in float64."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from cosaudit.core.probes import HeadArrays


@dataclass(frozen=True)
class Verification:
    """How far the equivalent's probabilities are from the original's on the probes."""

    n_probes: int
    seed: int
    dtype: str  # "float64" for the exact equivalent, else the stored dtype
    max_abs_prob_diff: float
    max_abs_logprob_diff: float
    argmax_disagreements: int
    probe_set: str  # which hidden states were probed, in words
    # max over labels of |Δp| for each probe (for the verification figure); not compared/printed
    per_probe_abs_prob_diff: np.ndarray | None = field(default=None, repr=False, compare=False)

    @property
    def argmax_agree(self) -> bool:
        """True when the top label agreed on every probe."""
        return self.argmax_disagreements == 0


def probabilities(z: np.ndarray, head: HeadArrays) -> tuple[np.ndarray, np.ndarray]:
    """(log p, p) of logits z, after the soft-cap; softmax over labels or per-label sigmoid."""
    if head.softcap is not None:
        z = head.softcap * np.tanh(z / head.softcap)
    if head.head_type == "sigmoid":
        logp = -np.logaddexp(0.0, -z)
        return logp, np.exp(logp)
    zmax = z.max(axis=1, keepdims=True)
    lse = zmax + np.log(np.exp(z - zmax).sum(axis=1, keepdims=True))
    logp = z - lse
    return logp, np.exp(logp)


def combine_verifications(parts: Sequence[Sequence[Verification]]) -> list[Verification]:
    """One verification per variant from those of successive probe chunks."""
    out = []
    for per in zip(*parts, strict=True):
        first = per[0]
        out.append(
            Verification(
                n_probes=sum(v.n_probes for v in per),
                seed=first.seed,
                dtype=first.dtype,
                max_abs_prob_diff=max(v.max_abs_prob_diff for v in per),
                max_abs_logprob_diff=max(v.max_abs_logprob_diff for v in per),
                argmax_disagreements=sum(v.argmax_disagreements for v in per),
                probe_set=first.probe_set,
                per_probe_abs_prob_diff=np.concatenate(
                    [
                        np.asarray(v.per_probe_abs_prob_diff)
                        for v in per
                        if v.per_probe_abs_prob_diff is not None
                    ]
                ),
            )
        )
    return out
