"""`StreamVerifier`: the logits of the original head and of its equivalent variants on one set of
probes, filled from row blocks as a reader streams them (no V×d copy is ever made), then compared.
`verify.verify_models` drives it over an in-memory head; `audit.flip` over a head read from a file."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal, NamedTuple

import numpy as np

from cosaudit.core._blas import blas_threads
from cosaudit.core.agreement import Verification, probabilities
from cosaudit.core.equivalent import Equivalent
from cosaudit.core.probes import HeadArrays, Variant, algebraic_exact, probe_hiddens
from cosaudit.core.rounding import numpy_dtype


class _Plan(NamedTuple):
    """How `StreamVerifier` computes one genuine variant's logits."""

    eq: Equivalent
    dtype: str | None  # storage dtype (None: exact float64)
    rows64: bool  # rows computed in float64 from the float64 rows
    src: np.ndarray | None  # rows handed over by the writer (`given`)
    dest: np.ndarray | None  # the writer's buffer to fill (`emit`)
    H: np.ndarray  # d × probes, the hidden states this variant sees
    zs: np.ndarray  # V × probes, its logits


class StreamVerifier:
    """The logits of the original head and of every variant on one set of probes, filled from
    row blocks in any order (as a reader streams them), then compared (`finish`).

    Per block, in sub-blocks that stay in the core's cache: the rows in float64, their products
    with the probe hidden states (and with any extra `columns`, e.g. the vectors whose dot
    products with every row give cosines in the equivalent models), row norms and the row sum
    (`stats`), and, for every variant stored in a dtype, the stored rows (float32 arithmetic,
    rounded to the dtype — `Equivalent.stored_rows_f32`, what the writer writes — or the rows
    the writer hands over in `given`) and their logits, all products in float64 by BLAS. The
    exact variants' logits follow by algebra (`algebraic_exact`): ``z + c·h`` under T, ``z``
    under S; ``exact="elementwise"`` computes them from the float64 rows instead.

    Two worker threads (one BLAS thread each) take pieces of `sub_rows` × `piece_subs` rows of
    each block from a shared iterator. numpy releases the GIL inside a call, not between calls,
    so the calls must be large for the threads to overlap: elementwise float32 work runs on whole
    pieces, float64 work on `sub_rows` slices that stay in cache, and products use `np.dot`
    (numpy's `matmul` and `vecdot` hold the GIL on blocks this small). Nothing of size V × d is
    allocated: memory is V × (probes + columns) numbers per model plus small buffers.
    """

    def __init__(
        self,
        head: HeadArrays,
        variants: Sequence[Variant],
        probes: np.ndarray,
        *,
        columns: np.ndarray | None = None,
        square_columns: np.ndarray | None = None,
        stats: bool = False,
        n_valid: int | None = None,
        exact: Literal["algebraic", "elementwise"] = "algebraic",
        sub_rows: int = 16,
        piece_subs: int = 4,
        workers: int = 2,
    ):
        v, d = head.shape
        self.head = head
        self.v, self.d = v, d
        self.variants = list(variants)
        self._init_probes(probes, exact)
        self._init_products(columns, square_columns)
        self.stats = stats
        self.n_valid = v if n_valid is None else min(v, n_valid)
        self.sq = np.full(v, np.nan, dtype=np.float64)  # |w|² of every row (float64)
        self._init_workers(sub_rows, piece_subs, workers)
        self.rows_seen = 0

    def _init_probes(self, probes: np.ndarray, exact: Literal["algebraic", "elementwise"]) -> None:
        """The probe hidden states of the original (`h0`) and of every variant (`hs`), and the
        variants whose logits are computed from their rows (`genuine`; the others follow by algebra)."""
        n_x = np.asarray(probes, dtype=np.float64).reshape(-1, self.d)
        self.n_probes = n_x.shape[0]
        self.h0, self.hs = probe_hiddens(self.head, self.variants, n_x)
        self.genuine = [
            idx
            for idx, var in enumerate(self.variants)
            if exact == "elementwise" or not algebraic_exact(self.head, var)
        ]

    def _init_products(self, columns: np.ndarray | None, square_columns: np.ndarray | None) -> None:
        """What the rows are multiplied with (the probes and any extra `columns`; each genuine variant's
        hidden states; `square_columns`, for the rows squared elementwise) and the V × k arrays that
        receive the products."""
        v, d = self.v, self.d
        cols = np.zeros((d, 0)) if columns is None else np.asarray(columns, dtype=np.float64)
        self.n_cols = cols.shape[1]
        self.HQ = np.ascontiguousarray(np.concatenate([self.h0.T, cols], axis=1))
        self.z0q = np.empty((v, self.n_probes + self.n_cols), dtype=np.float64)
        self.H = {idx: np.ascontiguousarray(self.hs[idx].T) for idx in self.genuine}
        self.zs = {idx: np.empty((v, self.n_probes), dtype=np.float64) for idx in self.genuine}
        self.sqcols = (
            None if square_columns is None else np.asarray(square_columns, dtype=np.float64)
        )
        self.sq_products = (
            None if self.sqcols is None else np.empty((v, self.sqcols.shape[1]), dtype=np.float64)
        )

    def _init_workers(self, sub_rows: int, piece_subs: int, workers: int) -> None:
        """The size of the pieces the worker threads take, and each worker's row sum, row count,
        non-finite rows and scratch buffers."""
        self.sub = max(1, int(sub_rows))
        self.workers = max(1, int(workers))
        self.piece_subs = piece_subs  # sub-blocks per piece (a worker's unit of work)
        self._totals = [np.zeros(self.d, dtype=np.float64) for _ in range(self.workers)]
        self._counted = [0] * self.workers
        self._bad: list[list[np.ndarray]] = [[] for _ in range(self.workers)]
        self._bufs: list[dict[str, np.ndarray]] = [{} for _ in range(self.workers)]
        self._pool: Any = None
        self._blas: Any = None

    # ------------------------------------------------------------------ filling

    def _buf(self, wid: int, name: str, dtype: Any, rows: int | None = None) -> np.ndarray:
        b = self._bufs[wid].get(name)
        if b is None:
            b = np.empty((rows or self.sub, self.d), dtype=dtype)
            self._bufs[wid][name] = b
        return b

    def _fill(
        self,
        wid: int,
        start: int,
        block: np.ndarray,
        lo: int,
        hi: int,
        given: dict[int, np.ndarray] | None,
        emit: dict[int, np.ndarray] | None = None,
    ) -> None:
        """Rows [lo, hi) of `block`, in pieces of `piece` rows: elementwise float32 work (the
        conversion, a stored variant's rows) on whole pieces, so that each numpy call is large
        enough to run in parallel with the other worker's (a short call is mostly interpreter
        time, under the GIL); float64 copies and products on `sub`-row slices that stay in cache.
        """
        f32_rows = block.dtype.itemsize <= 4  # float32/bfloat16/float16 values: exact in float32
        piece = self.sub * self.piece_subs
        first: list[_Plan] = []  # variants computed from the float64 rows (or given rows)
        later: list[_Plan] = []  # variants stored in a float32-exact dtype, made per piece
        for idx in self.genuine:
            var = self.variants[idx]
            src = None if given is None else given.get(idx)
            plan = _Plan(
                eq=var.equivalent,
                dtype=var.weight_dtype,
                rows64=src is None and var.weight_dtype in (None, "float64"),
                src=src,
                dest=None if emit is None else emit.get(idx),
                H=self.H[idx],
                zs=self.zs[idx],
            )
            narrow = src is None and not plan.rows64 and f32_rows
            (later if narrow else first).append(plan)
        with np.errstate(invalid="ignore", over="ignore"):
            for a in range(lo, hi, piece):
                b = min(hi, a + piece)
                sp = block[a:b]
                if f32_rows and sp.dtype != np.float32:  # e.g. bfloat16 rows, converted in cache
                    s32 = self._buf(wid, "s32", np.float32, piece)[: b - a]
                    np.copyto(s32, sp, casting="unsafe")
                    sp = s32
                all_finite = self._original(wid, start, sp, a, first)
                for plan in later:
                    self._stored(wid, start, sp, a, plan, all_finite)

    def _original(
        self, wid: int, start: int, sp: np.ndarray, a: int, first: list[_Plan]
    ) -> bool:
        """The piece's float64 work: |w|², the row sum, the products with the probes and columns,
        and the variants that need the float64 rows. Returns whether every row is finite."""
        w64 = self._buf(wid, "w64", np.float64)
        t64 = self._buf(wid, "t64", np.float64)
        ones = np.ones(self.sub, dtype=np.float64)
        all_finite = True
        for a2 in range(0, sp.shape[0], self.sub):
            b2 = min(sp.shape[0], a2 + self.sub)
            r = b2 - a2
            g0, g1 = start + a + a2, start + a + b2
            w = w64[:r]
            np.copyto(w, sp[a2:b2], casting="unsafe")
            # |w|² by einsum, which releases the GIL (numpy's vecdot holds it)
            sq = self.sq[g0:g1]
            np.einsum("ij,ij->i", w, w, out=sq)
            fin = math.isfinite(float(sq.sum()))
            all_finite &= fin
            if self.stats:
                self._count(wid, g0, g1, w, sq, fin, ones)
            np.dot(w, self.HQ, out=self.z0q[g0:g1])
            if self.sqcols is not None:
                assert self.sq_products is not None
                np.multiply(w, w, out=t64[:r])
                np.dot(t64[:r], self.sqcols, out=self.sq_products[g0:g1])
            t = t64[:r]
            for eq, dtype, rows64, src, dest, H, zs in first:
                lo2, hi2 = a + a2, a + b2
                if src is not None:
                    np.copyto(t, src[lo2:hi2], casting="unsafe")
                elif rows64:
                    eq.weight_into(w, t)
                    if dest is not None:
                        np.copyto(dest[lo2:hi2], t, casting="unsafe")
                else:  # float64 source rows stored in a narrower dtype
                    assert dtype is not None
                    t[...] = eq.stored_rows_f32(w, dtype, check_nan=not fin)
                    if dest is not None:
                        np.copyto(dest[lo2:hi2], t, casting="unsafe")
                np.dot(t, H, out=zs[g0:g1])
        return all_finite

    def _count(self, wid: int, g0: int, g1: int, w: np.ndarray, sq: np.ndarray, fin: bool,
               ones: np.ndarray) -> None:
        """Row sum and count of the finite rows below n_valid; bad rows noted."""
        finite = np.isfinite(sq)
        if not fin:
            self._bad[wid].append(np.flatnonzero(~finite) + g0)
        top = min(g1, self.n_valid)
        if top <= g0:
            return
        if fin:
            self._totals[wid] += np.dot(ones[: top - g0], w[: top - g0])
            self._counted[wid] += top - g0
        else:
            keep = finite[: top - g0]
            self._totals[wid] += w[: top - g0][keep].sum(axis=0)
            self._counted[wid] += int(keep.sum())

    def _stored(
        self, wid: int, start: int, sp: np.ndarray, a: int, plan: _Plan, all_finite: bool
    ) -> None:
        """A variant stored in a float32-exact dtype: its rows for the whole piece in float32
        arithmetic, rounded (`Equivalent.stored_rows_f32`, what the writer writes; written into
        `dest` when given), then their float64 products with the probes, `sub` rows at a time."""
        eq, dtype, dest, H, zs = plan.eq, plan.dtype, plan.dest, plan.H, plan.zs
        assert dtype is not None
        n = sp.shape[0]
        piece = self.sub * self.piece_subs
        x32 = self._buf(wid, "x32", np.float32, piece)[:n]
        if dtype == "bfloat16":
            # float32 arithmetic, then ml_dtypes' cast (nearest, ties to even: the same values as
            # `Equivalent.stored_rows`) straight into the writer's buffer or a scratch one; the
            # products below read the rows back from there
            rows: np.ndarray = (
                dest[a : a + n]
                if dest is not None
                else self._buf(wid, "b16", numpy_dtype("bfloat16"), piece)[:n]
            )
            eq.stored_rows_f32(sp, "float32", out=x32)
            np.copyto(rows, x32, casting="unsafe")
        else:
            scratch = self._buf(wid, "u32", np.uint32, piece)[:n]
            eq.stored_rows_f32(sp, dtype, out=x32, scratch=scratch, check_nan=not all_finite)
            if dest is not None:
                np.copyto(dest[a : a + n], x32, casting="unsafe")  # exact: already rounded
            rows = x32
        t64 = self._buf(wid, "t64", np.float64)
        for a2 in range(0, n, self.sub):
            b2 = min(n, a2 + self.sub)
            t = t64[: b2 - a2]
            np.copyto(t, rows[a2:b2], casting="unsafe")
            np.dot(t, H, out=zs[start + a + a2 : start + a + b2])

    def add(
        self,
        start: int,
        block: np.ndarray,
        given: dict[int, np.ndarray] | None = None,
        emit: dict[int, np.ndarray] | None = None,
    ) -> None:
        """Take rows [start, start + len(block)) (any float dtype).

        `given[k]`: variant k's stored rows for them (verified as given); `emit[k]`: an array of
        the block's shape in variant k's storage dtype, filled with the stored rows computed
        here (a writer writes exactly what was verified).
        """
        n = block.shape[0]
        self.rows_seen += n
        if self._blas is None:  # one BLAS thread per worker while the verifier lives
            self._blas = blas_threads(1)
            self._blas.__enter__()
        if self.workers < 2 or n < 4 * self.sub:
            self._fill(0, start, block, 0, n, given, emit)
            return
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self._pool = ThreadPoolExecutor(1, thread_name_prefix="cosaudit-verify")
        # both threads take pieces of the block from one shared iterator (next() is atomic under
        # the GIL), so neither waits long for the other at the end of the block
        step = self.sub * self.piece_subs
        pieces = iter(range(0, n, step))

        def work(wid: int) -> None:
            for lo in pieces:
                self._fill(wid, start, block, lo, min(n, lo + step), given, emit)

        fut = self._pool.submit(work, 1)
        try:
            work(0)
        finally:
            fut.result()

    def close(self) -> None:
        """Stop the worker thread and give BLAS its threads back (also done by `finish`)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
        if self._blas is not None:
            self._blas.__exit__(None, None, None)
            self._blas = None

    def __enter__(self) -> StreamVerifier:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ results

    @property
    def products(self) -> np.ndarray:
        """Every row's dot products with the extra `columns` (V × columns, float64)."""
        return self.z0q[:, self.n_probes :]

    def row_stats(self) -> Any:
        """Norms, mean row, bad and zero rows (`cosine.RowStats`), as `RowStatsAccumulator`
        computes them (the mean over finite rows below n_valid), here in float64."""
        from cosaudit.core.cosine import finish_row_stats

        bads = [b for per in self._bad for b in per]
        bad_rows = np.sort(np.concatenate(bads)) if bads else np.empty(0, dtype=np.int64)
        norms = np.sqrt(self.sq)
        return finish_row_stats(np.sum(self._totals, axis=0), sum(self._counted), norms, bad_rows,
                                self.n_valid)

    def finish(self, *, seed: int = 0, probe_set: str = "") -> list[Verification]:
        """Compare every variant with the original on these probes (float64 probabilities)."""
        self.close()
        if self.rows_seen != self.v:
            raise ValueError(f"internal error: verified {self.rows_seen} rows of {self.v}")
        head = self.head
        p = self.n_probes
        b64 = None if head.bias is None else np.asarray(head.bias, dtype=np.float64).reshape(-1)
        z0 = np.array(self.z0q[:, :p])
        if b64 is not None:
            z0 += b64[:, None]
        lp0, pr0 = probabilities(z0.T, head)
        am0 = np.argmax(z0, axis=0)
        out = []
        for idx, var in enumerate(self.variants):
            eq = var.equivalent
            if idx in self.zs:
                z = self.zs[idx]
                if b64 is not None:
                    z = z + b64[:, None]
            elif eq.symmetry == "translate":
                assert eq.c is not None
                z = z0 + (self.h0 @ np.asarray(eq.c, dtype=np.float64))[None, :]
            else:
                z = z0  # (W/e)·(e⊙h) = W·h
            lp, pr = probabilities(z.T, head)
            dp = np.max(np.abs(pr - pr0), axis=1)
            out.append(
                Verification(
                    n_probes=p,
                    seed=seed,
                    dtype=var.weight_dtype or "float64",
                    max_abs_prob_diff=float(np.max(dp)) if p else 0.0,
                    max_abs_logprob_diff=float(np.max(np.abs(lp - lp0))) if p else 0.0,
                    argmax_disagreements=int(np.count_nonzero(np.argmax(z, axis=0) != am0)),
                    probe_set=probe_set,
                    per_probe_abs_prob_diff=dp,
                )
            )
        return out
