"""Numerical proof that an equivalent model gives the same probabilities as the original.

On N seeded probe hidden states, drawn at the scale the head sees (through the final norm
when there is one: normalised vectors n(x), then ``h = γ⊙n + β``), compare the original logits
``W h + b`` with the equivalent model's ``W' h' + b`` (``h'`` with the new gain/shift), after the
soft-cap when there is one, as probabilities: max |Δp|, max |Δ log p| and argmax agreement, all
in float64 — once for the exact equivalent and once for the equivalent as stored in a given
dtype (rounding a translated bf16 matrix back to bf16 is not exact; it is measured, not assumed).

The work is blockwise over rows and probes, so no V×d float64 copy is ever made.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from cosaudit.core import symmetry as sym
from cosaudit.core._blas import blas_threads
from cosaudit.errors import DataError

DTypeName = Literal["float64", "float32", "bfloat16", "float16"]
DTYPES: tuple[str, ...] = ("float64", "float32", "bfloat16", "float16")


def numpy_dtype(name: str) -> np.dtype:
    """The numpy dtype of a dtype name (bfloat16 through ml_dtypes)."""
    if name == "bfloat16":
        import ml_dtypes

        return np.dtype(ml_dtypes.bfloat16)  # type: ignore[no-any-return]
    if name in ("float64", "float32", "float16"):
        return np.dtype(name)
    raise ValueError(f"unknown dtype {name!r}")


def _round32(x32: np.ndarray, dtype: str) -> np.ndarray:
    """float32 → dtype (nearest, ties to even); overflow is an error."""
    if dtype == "float32":
        out = x32
    else:
        with np.errstate(over="ignore"):
            out = x32.astype(numpy_dtype(dtype))
        if dtype == "float16" and not np.all(np.isfinite(out)) and np.all(np.isfinite(x32)):
            raise DataError(
                f"the equivalent model does not fit in {dtype}: some values overflow",
                hint="store it with --dtype float32",
            )
    return out


def round_bf16_inplace(x32: np.ndarray, scratch: np.ndarray | None = None) -> np.ndarray:
    """Round float32 values to bfloat16 precision in place (nearest, ties to even; NaN kept).

    Integer arithmetic on the bits (add 0x7FFF plus the lowest kept bit, clear the low half):
    the same result as ml_dtypes' cast, several times faster on cache-sized blocks.
    """
    u = x32.view(np.uint32)
    t = np.empty_like(u) if scratch is None else scratch
    np.right_shift(u, 16, out=t)
    np.bitwise_and(t, 1, out=t)
    t += np.uint32(0x7FFF)
    nan = np.isnan(x32)
    u += t
    u &= np.uint32(0xFFFF0000)
    if nan.any():
        x32[nan] = np.nan
    return x32


def bf16_from_rounded_f32(x32: np.ndarray) -> np.ndarray:
    """bfloat16 array from float32 values already rounded to bf16 precision (exact)."""
    bits = np.right_shift(np.ascontiguousarray(x32).view(np.uint32), 16).astype(np.uint16)
    return bits.view(numpy_dtype("bfloat16"))


def round_to_dtype(x: np.ndarray, dtype: str) -> np.ndarray:
    """Round float64 values to `dtype` the way the writer stores them (via float32 for bf16/f16).

    Returns an array of that dtype. Values that overflow the dtype raise `DataError`.
    """
    x = np.asarray(x, dtype=np.float64)
    if dtype == "float64":
        return x.copy()
    with np.errstate(over="ignore"):
        x32 = x.astype(np.float32)
        out = x32 if dtype == "float32" else x32.astype(numpy_dtype(dtype))
    if not np.all(np.isfinite(out.astype(np.float32))) and np.all(np.isfinite(x)):
        raise DataError(
            f"the equivalent model does not fit in {dtype}: some values overflow",
            hint="store it with --dtype float32",
        )
    return out


# --------------------------------------------------------------------------- models


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
class Equivalent:
    """An equivalent model as a transform of the original: T (c) or S (scale e)."""

    symmetry: Literal["translate", "rescale"]
    c: np.ndarray | None = None
    scale: np.ndarray | None = None

    def weight(self, w64: np.ndarray) -> np.ndarray:
        """Rows of the exact equivalent (float64 arithmetic)."""
        if self.symmetry == "translate":
            assert self.c is not None
            return np.asarray(w64 + self.c)
        assert self.scale is not None
        return np.asarray(w64 / self.scale)

    def gain(self, g64: np.ndarray | None) -> np.ndarray | None:
        """The final norm gain of the equivalent (γ⊙e under S, unchanged under T)."""
        if g64 is None or self.symmetry == "translate":
            return g64
        assert self.scale is not None
        return np.asarray(g64 * self.scale)

    def shift(self, s64: np.ndarray | None) -> np.ndarray | None:
        """The final norm shift of the equivalent (β⊙e under S, unchanged under T)."""
        if s64 is None or self.symmetry == "translate":
            return s64
        assert self.scale is not None
        return np.asarray(s64 * self.scale)

    def weight_into(self, w64: np.ndarray, out: np.ndarray) -> np.ndarray:
        """`weight` into a preallocated float64 buffer."""
        if self.symmetry == "translate":
            assert self.c is not None
            np.add(w64, self.c, out=out)
        else:
            assert self.scale is not None
            np.divide(w64, self.scale, out=out)
        return out

    def stored_rows_f32(
        self,
        w: np.ndarray,
        dtype: str,
        *,
        out: np.ndarray | None = None,
        scratch: np.ndarray | None = None,
    ) -> np.ndarray:
        """The stored rows as float32 values (exactly representable in `dtype`)."""
        if out is None:
            out = np.empty(np.shape(w), dtype=np.float32)
        w32 = (
            w
            if (isinstance(w, np.ndarray) and w.dtype == np.float32)
            else np.asarray(w, dtype=np.float32)
        )
        if self.symmetry == "translate":
            assert self.c is not None
            np.add(w32, self._c32(), out=out)
        else:
            assert self.scale is not None
            np.multiply(w32, self._inv_e32(), out=out)
        if dtype == "bfloat16":
            round_bf16_inplace(out, scratch)
        elif dtype == "float16":
            out[...] = _round32(out, "float16")
        elif dtype != "float32":
            raise ValueError(f"unknown storage dtype {dtype!r}")
        return out

    def _c32(self) -> np.ndarray:
        assert self.c is not None
        return np.asarray(self.c, dtype=np.float64).astype(np.float32)

    def _inv_e32(self) -> np.ndarray:
        assert self.scale is not None
        return (1.0 / np.asarray(self.scale, dtype=np.float64)).astype(np.float32)

    def stored_rows(self, w: np.ndarray, dtype: str) -> np.ndarray:
        """Rows of the equivalent as a writer stores them in `dtype`.

        float64: exact float64 arithmetic. Otherwise float32 arithmetic on the float32 rows
        (c, 1/e rounded to float32 once), then rounding to `dtype` (nearest, ties to even).
        The writer and the verifier both call this, so the verified model is the stored one.
        """
        if dtype == "float64":
            return self.weight(np.asarray(w, dtype=np.float64))
        x = self.stored_rows_f32(w, dtype)
        if dtype == "bfloat16":
            return bf16_from_rounded_f32(x)
        if dtype == "float16":
            return x.astype(np.float16)
        return x

    def stored_vector(
        self, values: np.ndarray, dtype: str, *, kind: str, offset: float = 0.0
    ) -> np.ndarray:
        """A norm gain (kind "gain", stored as γ − offset) or shift of the equivalent."""
        v64 = np.asarray(values, dtype=np.float64)
        new = self.gain(v64) if kind == "gain" else self.shift(v64)
        assert new is not None
        return round_to_dtype(new - offset, dtype)


@dataclass(frozen=True)
class Variant:
    """An equivalent model, exact (dtype None → float64) or as stored in a dtype."""

    equivalent: Equivalent
    weight_dtype: str | None = None
    norm_dtype: str | None = None


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


def _finish(z: np.ndarray, head: HeadArrays) -> tuple[np.ndarray, np.ndarray]:
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


def verify_models(
    head: HeadArrays,
    variants: Sequence[Variant],
    *,
    n_probes: int = 1000,
    seed: int = 0,
    probes: np.ndarray | None = None,
    memory_bytes: int = 384 << 20,
    row_block: int = 32,
    workers: int = 2,
) -> list[Verification]:
    """Verify every variant against the original on the same probes (one pass over the rows).

    Logits are computed in float64 from the rows as the models hold them: the original rows
    (float32 → float64 exactly), the exact equivalent's rows (float64 arithmetic) and the stored
    equivalent's rows (`Equivalent.stored_rows_f32`: float32 arithmetic, rounded to the dtype).
    Row blocks are small (32 rows: the buffers stay in the core's L2 cache) and reused, two
    workers take half the rows each with one BLAS thread apiece (`_blas.blas_threads`), so the
    pass costs the float64 products plus about one read of the matrix per model.
    """
    v, d = head.shape
    n_x = probes if probes is not None else probe_inputs(d, n_probes, seed, head.norm_kind)
    n_x = np.asarray(n_x, dtype=np.float64)
    n_total = n_x.shape[0]
    g64 = None if head.gain is None else np.asarray(head.gain, dtype=np.float64)
    s64 = None if head.shift is None else np.asarray(head.shift, dtype=np.float64)
    b64 = None if head.bias is None else np.asarray(head.bias, dtype=np.float64).reshape(-1)
    h0_all = _hidden(n_x, g64, s64)
    hs_all = []
    for var in variants:
        eq = var.equivalent
        g, s = eq.gain(g64), eq.shift(s64)
        if var.norm_dtype is not None and eq.symmetry == "rescale":
            if g64 is not None:
                g = (
                    eq.stored_vector(
                        g64, var.norm_dtype, kind="gain", offset=head.gain_offset
                    ).astype(np.float64)
                    + head.gain_offset
                )
            if s64 is not None:
                s = eq.stored_vector(s64, var.norm_dtype, kind="shift").astype(np.float64)
        hs_all.append(_hidden(n_x, g, s))
    k = len(variants)
    chunk = max(1, min(n_total, memory_bytes // max(1, v * 8 * (1 + k))))
    max_dp = [0.0] * k
    max_dl = [0.0] * k
    disagree = [0] * k
    per_probe = [np.zeros(n_total) for _ in range(k)]
    rb = max(1, min(row_block, v))
    W = head.weight
    n_workers = 2 if (workers >= 2 and v >= 8 * rb) else 1

    def fill(lo: int, hi: int, h0t: np.ndarray, hst: list[np.ndarray], z0: np.ndarray,
             zs: list[np.ndarray]) -> None:
        # per-worker buffers, reused for every block (no page faults, cache-resident)
        w64 = np.empty((rb, d), dtype=np.float64)
        t64 = np.empty((rb, d), dtype=np.float64)
        t32 = np.empty((rb, d), dtype=np.float32)
        scratch = np.empty((rb, d), dtype=np.uint32)
        for a in range(lo, hi, rb):
            b = min(hi, a + rb)
            r = b - a
            blk = W[a:b]
            np.copyto(w64[:r], blk, casting="unsafe")
            np.matmul(w64[:r], h0t, out=z0[a:b])
            for idx, var in enumerate(variants):
                eq = var.equivalent
                if var.weight_dtype is None or var.weight_dtype == "float64":
                    eq.weight_into(w64[:r], t64[:r])
                else:
                    eq.stored_rows_f32(blk, var.weight_dtype, out=t32[:r], scratch=scratch[:r])
                    np.copyto(t64[:r], t32[:r])
                np.matmul(t64[:r], hst[idx], out=zs[idx][a:b])

    for p0 in range(0, n_total, chunk):
        p1 = min(n_total, p0 + chunk)
        h0t = np.ascontiguousarray(h0_all[p0:p1].T)
        hst = [np.ascontiguousarray(h[p0:p1].T) for h in hs_all]
        # logits stored label-major (V × n) so that each row block writes a contiguous slice
        z0 = np.empty((v, p1 - p0), dtype=np.float64)
        zs = [np.empty((v, p1 - p0), dtype=np.float64) for _ in range(k)]
        # two workers on the two halves of the rows, each product on one BLAS thread
        cut = ((v // 2) // rb) * rb if n_workers == 2 else v
        with blas_threads(1):
            if n_workers == 1:
                fill(0, v, h0t, hst, z0, zs)
            else:
                from concurrent.futures import ThreadPoolExecutor

                with ThreadPoolExecutor(2, thread_name_prefix="cosaudit-verify") as pool:
                    futs = [pool.submit(fill, 0, cut, h0t, hst, z0, zs),
                            pool.submit(fill, cut, v, h0t, hst, z0, zs)]
                    for f in futs:
                        f.result()
        if b64 is not None:
            z0 += b64[:, None]
            for z in zs:
                z += b64[:, None]
        lp0, pr0 = _finish(z0.T, head)
        am0 = np.argmax(z0, axis=0)
        for idx in range(k):
            lp, pr = _finish(zs[idx].T, head)
            dp = np.max(np.abs(pr - pr0), axis=1)
            per_probe[idx][p0:p1] = dp
            max_dp[idx] = max(max_dp[idx], float(np.max(dp)))
            max_dl[idx] = max(max_dl[idx], float(np.max(np.abs(lp - lp0))))
            disagree[idx] += int(np.count_nonzero(np.argmax(zs[idx], axis=0) != am0))
    where = describe_probes(head) if probes is None else "the given hidden states"
    return [
        Verification(
            n_probes=n_total,
            seed=seed,
            dtype=var.weight_dtype or "float64",
            max_abs_prob_diff=max_dp[idx],
            max_abs_logprob_diff=max_dl[idx],
            argmax_disagreements=disagree[idx],
            probe_set=where,
            per_probe_abs_prob_diff=per_probe[idx],
        )
        for idx, var in enumerate(variants)
    ]


# --------------------------------------------------------------------------- pair demonstration


@dataclass(frozen=True)
class DemonstratedModel:
    """One verified equivalent of a pair: its cosine and how equal its probabilities are."""
    target: float
    cosine: float  # the pair's cosine in the verified equivalent
    translation_norm: float  # |c| / mean row norm
    max_abs_prob_diff: float
    argmax_agree: bool


@dataclass(frozen=True)
class PairDemonstration:
    """The measured cosine of a pair next to the cosines of its verified −1 and +1 equivalents."""

    i: int
    j: int
    cosine: float
    models: tuple[DemonstratedModel, ...]
    n_probes: int
    seed: int
    refused: str | None = None  # why no equivalents were built (plain words), if so

    def to_json(self) -> dict[str, object]:
        """The demonstration as a JSON-ready dict (undefined numbers are null)."""
        return {
            "ids": [self.i, self.j],
            "cosine": _num(self.cosine),
            "refused": self.refused,
            "n_probes": self.n_probes,
            "seed": self.seed,
            "equivalents": [
                {
                    "target": m.target,
                    "cosine": _num(m.cosine),
                    "translation_norm": _num(m.translation_norm),
                    "max_abs_prob_diff": _num(m.max_abs_prob_diff),
                    "argmax_agree": m.argmax_agree,
                }
                for m in self.models
            ],
        }


def _num(x: float) -> float | None:
    return None if x is None or not math.isfinite(x) else float(x)


def demonstrate_pair(
    head: HeadArrays,
    i: int,
    j: int,
    *,
    n_probes: int | None = None,
    seed: int = 0,
    mean_row_norm: float | None = None,
) -> PairDemonstration:
    """Build the −1 and +1 translations of rows i, j of `head`, verify them, report their cosines.

    When translation is no symmetry of the head (sigmoid, soft-cap) or the pair is special (same
    label, zero or identical rows), no models are built and `refused` says why in plain words.
    """
    W = head.weight
    w_i = np.asarray(W[i], dtype=np.float64)
    w_j = np.asarray(W[j], dtype=np.float64)
    base = sym.cosine(w_i, w_j)
    issue = sym.symmetry_issue(
        "translate", head_type=head.head_type, softcap=head.softcap, has_norm=head.gain is not None
    ) or sym.pair_issue(w_i, w_j, i, j)
    if issue is not None:
        return PairDemonstration(i, j, base, (), 0, seed, refused=issue.message)
    if mean_row_norm is None:
        mean_row_norm = sym.mean_row_norm_of(W)
    v, d = head.shape
    n = auto_probe_count(v, d, 2, requested=n_probes)
    translations = [
        sym.least_norm_translation(w_i, w_j, t, mean_row_norm=mean_row_norm) for t in (-1.0, 1.0)
    ]
    checks = verify_models(
        head, [Variant(Equivalent("translate", c=t.c)) for t in translations], n_probes=n, seed=seed
    )
    models = tuple(
        DemonstratedModel(
            target=t.target,
            cosine=t.cosine_after,
            translation_norm=t.relative_norm,
            max_abs_prob_diff=c.max_abs_prob_diff,
            argmax_agree=c.argmax_agree,
        )
        for t, c in zip(translations, checks, strict=True)
    )
    return PairDemonstration(i, j, base, models, n, seed)


# ---------------------------------------- neighbours in equivalents


@dataclass(frozen=True)
class ModelNeighbours:
    """Top-k rows by cosine with each query row, in one model (ids, cosines per query)."""

    ids: tuple[np.ndarray, ...]
    cosines: tuple[np.ndarray, ...]


def neighbours_in_models(
    W: np.ndarray,
    query_ids: Sequence[int],
    k: int,
    models: Sequence[Equivalent | None],
    *,
    n_valid: int | None = None,
    row_norms: np.ndarray | None = None,
    row_block: int = 2048,
) -> list[ModelNeighbours]:
    """Nearest rows by cosine of each query row in the original (None) and equivalent models.

    One pass over W's rows serves all models: under T, (w + c)·(q + c) = w·(q + c) + c·(q + c) and
    |w + c|² = |w|² + 2 w·c + |c|²; under S, (w/e)·(q/e) = w·(q/e²) and |w/e|² = w²·(1/e²).
    Rows past n_valid (padding), non-finite and zero rows and the query itself are left out.
    `row_norms` (|w| of every row, NaN for bad rows), when known, saves a pass.
    """
    v, d = W.shape
    n_valid = v if n_valid is None else min(v, n_valid)
    k = max(0, min(k, n_valid - 1))
    q = np.asarray(W[list(query_ids)], dtype=np.float64)
    cols: list[np.ndarray] = []  # float64 d-vectors multiplied against every row
    plans: list[tuple[str, int, Any]] = []
    for m in models:
        if m is None:
            qs = q
            plans.append(("orig", len(cols), None))
            cols.extend(qs)
        elif m.symmetry == "translate":
            assert m.c is not None
            qs = q + m.c
            plans.append(("translate", len(cols), (qs, m.c)))
            cols.extend(qs)
            cols.append(m.c)
        else:
            assert m.scale is not None
            inv2 = 1.0 / (m.scale * m.scale)
            qs = q * inv2
            plans.append(("rescale", len(cols), (q / m.scale, inv2)))
            cols.extend(qs)
    Q = np.stack(cols, axis=1) if cols else np.empty((d, 0))
    Q32 = Q.astype(np.float32)
    rescales = [p for p in plans if p[0] == "rescale"]
    nq = len(query_ids)
    best_ids = [[np.empty(0, np.int64) for _ in range(nq)] for _ in models]
    best_cos = [[np.empty(0, np.float64) for _ in range(nq)] for _ in models]
    for a in range(0, n_valid, row_block):
        b = min(n_valid, a + row_block)
        blk = np.asarray(W[a:b], dtype=np.float32)
        G = (blk @ Q32).astype(np.float64)
        if row_norms is not None:
            sq = np.asarray(row_norms[a:b], dtype=np.float64) ** 2
        else:
            sq = np.einsum("ij,ij->i", blk, blk).astype(np.float64)
        sq2 = None
        if rescales:
            sq2 = (blk * blk).astype(np.float32)
        bad = ~np.isfinite(sq)
        for mi, (kind, col, extra) in enumerate(plans):
            if kind == "orig":
                dots = G[:, col : col + nq]
                norms = np.sqrt(sq)
                qn = np.linalg.norm(q, axis=1)
            elif kind == "translate":
                qs, c = extra
                dots = G[:, col : col + nq] + (c @ qs.T)[None, :]
                norms = np.sqrt(np.maximum(sq + 2.0 * G[:, col + nq] + float(c @ c), 0.0))
                qn = np.linalg.norm(qs, axis=1)
            else:
                qe, inv2 = extra
                dots = G[:, col : col + nq]
                assert sq2 is not None
                norms = np.sqrt((sq2 @ inv2.astype(np.float32)).astype(np.float64))
                qn = np.linalg.norm(qe, axis=1)
            with np.errstate(invalid="ignore", divide="ignore"):
                cos = dots / (norms[:, None] * qn[None, :])
            cos[bad | (norms == 0), :] = -np.inf
            cos[~np.isfinite(cos)] = -np.inf
            for qi, rid in enumerate(query_ids):
                col_cos = cos[:, qi]
                if a <= rid < b:
                    col_cos[rid - a] = -np.inf
                take = min(k, col_cos.size)
                if take == 0:
                    continue
                part = np.argpartition(-col_cos, take - 1)[:take]
                ids = np.concatenate([best_ids[mi][qi], part + a])
                vals = np.concatenate([best_cos[mi][qi], col_cos[part]])
                order = np.lexsort((ids, -vals))[:k]
                best_ids[mi][qi], best_cos[mi][qi] = ids[order], vals[order]
    out = []
    for mi in range(len(models)):
        ids_t, cos_t = [], []
        for qi in range(nq):
            keep = np.isfinite(best_cos[mi][qi])
            ids_t.append(best_ids[mi][qi][keep])
            cos_t.append(np.clip(best_cos[mi][qi][keep], -1.0, 1.0))
        out.append(ModelNeighbours(tuple(ids_t), tuple(cos_t)))
    return out
