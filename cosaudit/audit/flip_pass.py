"""The pass over the head that proves a flip: every built model, exactly and as it would be stored,
verified on the probes while the head streams by (`core.stream_verifier.StreamVerifier`), and with
--save the same pass writes the first model, so the rows written are the rows verified. A model whose
stored rows are not the same model within the dtype's resolution is refused before the rename."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from cosaudit.core.equivalent import Equivalent
from cosaudit.core.model_neighbours import NeighbourPlan
from cosaudit.core.verify import (
    StreamVerifier,
    Variant,
    algebraic_exact,
    auto_probe_count,
    combine_verifications,
    describe_probes,
    probe_chunk_size,
    probe_inputs,
)
from cosaudit.errors import UsageError
from cosaudit.load.head import Head

if TYPE_CHECKING:
    from cosaudit.audit.flip import FlipContext


def stream_head(
    head: Head,
    sv: StreamVerifier,
    progress: Callable[[int], None] | None = None,
) -> None:
    """Feed every row of the head to `sv`, block by block (read ahead on a second thread;
    safetensors rows arrive unconverted, `sv` converts them in cache)."""
    from cosaudit.load.blocks import iter_head_blocks

    for start, block in iter_head_blocks(head.weight):
        sv.add(start, block)
        if progress is not None:
            progress(block.shape[0])


class Verification:
    """Every model, exact and as stored, verified on the probes in the pass that streams the head
    (the writer's pass with --save); more probe chunks stream the head again."""

    def __init__(
        self, ctx: FlipContext, built: list[tuple[float, Equivalent, Any]], n_probes: int | None, stats: Any
    ) -> None:
        self.ctx, self.built, self.stats = ctx, built, stats
        models = [eq for _t, eq, _c in built]
        self.variants = [var for eq in models for var in (Variant(eq), Variant(eq, ctx.w_dtype, ctx.n_dtype))]
        v, d = ctx.head.shape
        self.n = auto_probe_count(v, d, len(self.variants), requested=n_probes)
        self.n_x = probe_inputs(d, self.n, ctx.seed, ctx.arrays.norm_kind)
        self.probe_set = describe_probes(ctx.arrays)
        self.plan = NeighbourPlan(ctx.pair_rows, [None, *models])
        n_genuine = sum(1 for var in self.variants if not algebraic_exact(ctx.arrays, var))
        self.chunk = probe_chunk_size(v, self.n, n_genuine, self.plan.columns.shape[1])
        self.main = StreamVerifier(
            ctx.arrays,
            self.variants,
            self.n_x[: self.chunk],
            columns=self.plan.columns,
            square_columns=self.plan.square_columns,
            stats=stats is None,
            n_valid=ctx.n_valid,
        )
        self.checks: list[Any] = []
        self.neighbours: list[Any] = []
        self.progress: Callable[[int], None] | None = None

    def complete(self) -> None:
        """Finish the verification (more probe chunks stream the head again) and the neighbours."""
        head, seed = self.ctx.head, self.ctx.seed
        if self.main.rows_seen == 0:  # the writer did not stream the head (e.g. a numpy file)
            stream_head(head, self.main, self.progress)
        parts = [self.main.finish(seed=seed, probe_set=self.probe_set)]
        for p0 in range(self.chunk, self.n, self.chunk):
            with StreamVerifier(self.ctx.arrays, self.variants, self.n_x[p0 : p0 + self.chunk]) as more:
                stream_head(head, more)
                parts.append(more.finish(seed=seed, probe_set=self.probe_set))
        self.checks = combine_verifications(parts)
        if self.stats is None:
            self.stats = self.main.row_stats()
        self.neighbours = self.plan.result(
            self.ctx.ids,
            self.ctx.top_k,
            self.main.products,
            self.main.sq,
            self.main.sq_products,
            n_valid=self.ctx.n_valid,
        )

    def produce(self, start: int, block: np.ndarray, out: np.ndarray) -> None:
        """The writer's hook: the stored rows are computed and verified here, and written as they are."""
        self.main.add(start, block, emit={1: out})  # 1: the stored variant of the (single) saved model
        if self.progress is not None:
            self.progress(block.shape[0])

    def execute(
        self, save: Path | None, force: bool, saver: Callable[..., Any] | None, progress: Callable[[int], None] | None
    ) -> Any:
        """Verify (and with `save`, write in the same pass); the writer's result, or None."""
        self.progress = progress
        saved = None
        try:
            if save is not None and self.ctx.head.kind != "numpy":

                def complete_checked() -> None:  # before the rename: an inexact model is not written
                    self.complete()
                    refuse_inexact_save(self.checks, self.ctx.w_dtype, force)

                saved = save_first(
                    self.ctx,
                    self.built,
                    save,
                    force,
                    saver,
                    produce_head_rows=self.produce,
                    before_commit=complete_checked,
                )
            else:
                stream_head(self.ctx.head, self.main, progress)
                self.complete()
                if save is not None:
                    refuse_inexact_save(self.checks, self.ctx.w_dtype, force)
                    saved = save_first(self.ctx, self.built, save, force, saver)
        finally:
            self.main.close()
        return saved


STORED_TOL = 1e-3


def stored_problem(checks: list[Any], w_dtype: str) -> str | None:
    """Why the equivalents as stored are not equivalent within the dtype's resolution, or None."""
    stored = checks[1::2]
    if not stored:
        return None
    worst = max(c.max_abs_prob_diff for c in stored)
    if worst <= STORED_TOL:  # (a near-tie may swap its top under rounding: that alone is resolution)
        return None
    return f"as stored in {w_dtype} the equivalent is not the same model: max |Δp| = {worst:.3g} on the probes" + (
        "" if all(c.argmax_agree for c in stored) else ", and the top prediction changes"
    )


def refuse_inexact_save(checks: list[Any], w_dtype: str, force: bool) -> None:
    problem = stored_problem(checks, w_dtype)
    if problem is not None and not force:
        raise UsageError(
            problem + "; --save refuses to write it",
            hint="store it exactly with --dtype float32, or pass --force to write it anyway",
        )


def save_first(
    ctx: FlipContext,
    built: list[tuple[float, Equivalent, Any]],
    save: Path,
    force: bool,
    saver: Callable[..., Any] | None,
    **hooks: Any,
) -> Any:
    assert saver is not None
    _t, eq, _con = built[0]
    return saver(
        ctx.head,
        eq,
        save,
        symmetry=ctx.symmetry,
        labels=[lab.to_json() for lab in ctx.labels],
        target=ctx.targets[0],
        dtype=ctx.dtype,
        force=force,
        **hooks,
    )
