"""`flip`: build models with exactly the same probabilities and any cosine for a pair, verify
them, and (optionally) write one as a checkpoint. Head in, JSON-ready report dict out.

The head is never held as one V × d matrix. The pair's rows are read first (a translation
needs nothing else), then the rows are streamed in blocks (`TensorReader.iter_blocks`, which
reads ahead on a second thread) through one `core.stream_verifier.StreamVerifier`: row norms and the
mean row, every row's dot products with the vectors that give the cosines in each model
(`core.model_neighbours.NeighbourPlan`), and the logits of the original and the stored models on the
probes. With `--save` that same pass is the writer's pass over the head: the rows it writes
are the rows verified. A rescaling needs the mean row before it can be built, so it streams
twice.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from cosaudit import __version__
from cosaudit.audit._json import num
from cosaudit.audit.flip_pass import Verification, stored_problem, stream_head
from cosaudit.audit.reports import FlippedModel, FlipReport
from cosaudit.core import symmetry as sym
from cosaudit.core.equivalent import Equivalent
from cosaudit.core.model_neighbours import NeighbourPlan
from cosaudit.core.rescaling import rescale_pair
from cosaudit.core.verify import (
    HeadArrays,
    StreamVerifier,
)
from cosaudit.errors import UsageError
from cosaudit.load.head import Head, ResolvedLabel

SCHEMA = "cosaudit.flip/1"


def head_arrays(head: Head, W: np.ndarray | None = None) -> HeadArrays:
    """Core's view of a loaded head. Without `W` the weight is a zero-memory placeholder of the
    head's shape (the rows are streamed to `StreamVerifier`, never held)."""
    if W is None:
        W = np.broadcast_to(np.zeros((), dtype=np.float32), head.shape)
    norm = head.final_norm
    gain = shift = None
    offset = 0.0
    kind = None
    if norm is not None:
        gain = norm.gain().astype(np.float64)
        shift = None if norm.shift() is None else np.asarray(norm.shift(), dtype=np.float64)
        offset = float(norm.weight_offset)
        kind = norm.kind
    return HeadArrays(
        weight=W,
        bias=head.bias_vector(),
        gain=gain,
        shift=shift,
        norm_kind=kind,
        gain_offset=offset,
        softcap=head.softcap,
        head_type=head.head_type,
    )


def parse_target(value: str | None) -> list[float]:
    """--target: -1, 1 or τ in [-1, 1]; absent → both −1 and +1."""
    if value is None:
        return [-1.0, 1.0]
    try:
        t = float(value)
    except ValueError:
        raise UsageError(
            f"--target {value!r} is not a number", hint="give -1, 1 or a number between them"
        ) from None
    return [sym.check_target(t)]


def check_flip_request(
    labels: list[ResolvedLabel], targets: list[float], save: Path | None
) -> None:
    """Usage rules that need no weights: two labels, targets in [-1, 1], --save with one target."""
    if len(labels) != 2:
        raise UsageError(
            f"flip needs exactly two labels, got {len(labels)}",
            hint="pass --labels A B or --ids I J (two in all)",
        )
    for t in targets:
        sym.check_target(t)
    if save is not None and len(targets) != 1:
        raise UsageError(
            "--save writes one model: give a single --target", hint="e.g. --target -1 --save PATH"
        )


class _Rows:
    """`W[ids]` for a streamed head: reads just those rows (for the figure data)."""

    def __init__(self, head: Head):
        self.head = head

    def __getitem__(self, ids: Any) -> np.ndarray:
        return self.head.rows([int(k) for k in np.atleast_1d(ids)])


def run_flip(
    head: Head,
    labels: list[ResolvedLabel],
    *,
    targets: list[float],
    symmetry: str = "translate",
    n_probes: int | None = None,
    seed: int = 0,
    top_k: int = 5,
    save: Path | None = None,
    dtype: str = "auto",
    force: bool = False,
    max_scale: float = 100.0,
    progress: Callable[[int], None] | None = None,
    saver: Callable[..., Any] | None = None,
) -> FlipReport:
    """The flip report; `saver` (load.write.save_equivalent) writes the model when `save`."""
    _refuse(head, labels, targets, symmetry, save, saver)
    pair_rows = head.rows([labels[0].id, labels[1].id]).astype(np.float64)  # reads two rows
    identical = _pair_issue(labels, pair_rows, save)  # raises unless identical rows (no --save)
    ctx = FlipContext(head, labels, pair_rows, symmetry, list(targets), seed, top_k, dtype)
    stats = None
    if identical is not None or symmetry == "rescale":
        # the mean row first: a rescaling is built from the centered rows
        stats, nbs = _first_pass(ctx, progress)
        progress = None  # the bar counts the first read
        if identical is not None:
            return _identical_report(ctx, identical, stats, nbs)
    built = _build(ctx, None if stats is None else stats.mean, max_scale)
    run = Verification(ctx, built, n_probes, stats)
    saved = run.execute(save, force, saver, progress)
    return _report(ctx, built, run, saved, save, n_probes)


@dataclasses.dataclass(frozen=True)
class FlipContext:
    """What every step of a flip needs: the head, the pair and the request."""

    head: Head
    labels: list[ResolvedLabel]
    pair_rows: np.ndarray  # the pair's two rows, float64
    symmetry: str
    targets: list[float]
    seed: int
    top_k: int
    dtype: str

    @property
    def ids(self) -> list[int]:
        return [self.labels[0].id, self.labels[1].id]

    @property
    def n_valid(self) -> int:
        return self.head.n_vocab if self.head.n_vocab else self.head.n_rows

    @functools.cached_property
    def arrays(self) -> HeadArrays:
        return head_arrays(self.head)

    @property
    def w_dtype(self) -> str:
        """The storage dtype of the head in the equivalent (what --save writes, or would write)."""
        from cosaudit.load.save_types import storage_dtype

        return storage_dtype(self.dtype, self.head.weight.dtype)

    @property
    def n_dtype(self) -> str | None:
        from cosaudit.load.save_types import storage_dtype

        norm = self.head.final_norm
        return None if self.symmetry != "rescale" or norm is None else storage_dtype(self.dtype, norm.weight.dtype)


def _refuse(head: Head, labels: list[ResolvedLabel], targets: list[float], symmetry: str, save: Path | None,
            saver: Callable[..., Any] | None) -> None:
    """Requests that need no weights: two labels, not the same row, a symmetry of this head."""
    check_flip_request(labels, targets, save)
    a, b = labels
    if a.id == b.id:
        issue = sym.pair_issue(np.zeros(1), np.ones(1), a.id, b.id, names=(repr(a.label), repr(b.label)))
        assert issue is not None
        raise sym.PairNotFlippableError(issue)
    refusal = sym.symmetry_issue(
        symmetry,  # type: ignore[arg-type]
        head_type=head.head_type,
        softcap=head.softcap,
        has_norm=head.final_norm is not None,
        normalized_rows=head.normalized_rows,
    )
    if refusal is not None:
        raise sym.SymmetryRefusedError(refusal)
    if save is not None and saver is None:
        raise UsageError("internal error: no writer given for --save")


def _pair_issue(labels: list[ResolvedLabel], pair_rows: np.ndarray, save: Path | None) -> Any:
    """Zero rows are refused; identical rows are reported (cosine 1 in every model), unless saving."""
    a, b = labels
    pair = sym.pair_issue(pair_rows[0], pair_rows[1], a.id, b.id, names=(repr(a.label), repr(b.label)))
    if pair is not None and not (pair.code == "identical_rows" and save is None):
        raise sym.PairNotFlippableError(pair)
    return pair


def _label_warnings(ctx: FlipContext) -> list[str]:
    return [
        f"label {lab.label!r} is row {lab.id}, a padding row past the tokenizer's vocabulary"
        for lab in ctx.labels
        if lab.id >= ctx.n_valid
    ]


def _first_pass(ctx: FlipContext, progress: Callable[[int], None] | None) -> tuple[Any, list[Any]]:
    """One streamed pass for the row statistics (mean row) and the pair's neighbours."""
    plan0 = NeighbourPlan(ctx.pair_rows, [None])
    d = ctx.head.dim
    with StreamVerifier(ctx.arrays, [], np.empty((0, d)), columns=plan0.columns, stats=True,
                        n_valid=ctx.n_valid) as first_pass:
        stream_head(ctx.head, first_pass, progress)
        first_pass.finish()
    nbs = plan0.result(ctx.ids, ctx.top_k, first_pass.products, first_pass.sq, n_valid=ctx.n_valid)
    return first_pass.row_stats(), nbs


def _identical_report(ctx: FlipContext, pair: Any, stats: Any, nbs: list[Any]) -> FlipReport:
    """Identical rows: cosine 1 in every equivalent model; nothing is built."""
    report = _base_report(ctx.head, ctx.labels, ctx.symmetry, ctx.targets, ctx.pair_rows[0], ctx.pair_rows[1],
                          stats, [])
    report["outcome"] = {"code": pair.code, "message": pair.message}
    report["original"]["neighbours"] = _neighbours_json(ctx.head, ctx.ids, nbs)[0]
    return FlipReport(report, head=ctx.head)


def _build(ctx: FlipContext, mu: np.ndarray | None, max_scale: float) -> list[tuple[float, Equivalent, Any]]:
    """(target, equivalent, construction) per target (a translation needs only the pair's rows)."""
    w_i, w_j = ctx.pair_rows
    built: list[tuple[float, Equivalent, Any]] = []
    for t in ctx.targets:
        if ctx.symmetry == "translate":
            tr = sym.least_norm_translation(w_i, w_j, t)
            built.append((t, Equivalent("translate", c=tr.c), tr))
        else:
            assert mu is not None
            rs = rescale_pair(w_i - mu, w_j - mu, t, w_i=w_i, w_j=w_j, max_scale=max_scale)
            built.append((t, Equivalent("rescale", scale=rs.scale), rs))
    return built


def _report(ctx: FlipContext, built: list[tuple[float, Equivalent, Any]], run: Verification, saved: Any,
            save: Path | None, n_probes: int | None) -> FlipReport:
    """The report of verified models: the JSON content, the typed models and the figure data."""
    stats = run.stats
    report = _base_report(ctx.head, ctx.labels, ctx.symmetry, ctx.targets, ctx.pair_rows[0], ctx.pair_rows[1],
                          stats, _label_warnings(ctx))
    report["verification"] = {
        "n_probes": run.n,
        "seed": ctx.seed,
        "probe_set": run.probe_set,
        "probes_auto": n_probes is None,
        "stored_dtype": ctx.w_dtype,
        "precision": "float64",
    }
    nb_json = _neighbours_json(ctx.head, ctx.ids, run.neighbours)
    report["original"]["neighbours"] = nb_json[0]
    typed: list[FlippedModel] = []
    for k, (t, eq, con) in enumerate(built):
        exact, stored = run.checks[2 * k], run.checks[2 * k + 1]
        info = _model_entry(ctx, t, eq, con, report, exact, stored, _mean_row_norm(stats, ctx.n_valid))
        info["neighbours"] = nb_json[k + 1]
        report["models"].append(info)
        typed.append(_flipped(info, eq, exact, stored))
    problem = stored_problem(run.checks, ctx.w_dtype)
    report["stored_equivalent"] = problem is None
    if problem is not None:
        report["warnings"].append(
            problem + f": rounding the equivalent's rows back to {ctx.w_dtype} is not exact, and with rows this "
            f"large it moves logits by more than {ctx.w_dtype} can resolve; store it exactly with --dtype float32"
        )
    if saved is not None:
        _record_save(report["models"][0], saved, save)

    from cosaudit.audit.figure_data import context_ids, flip_figure_data

    figures = flip_figure_data(
        _Rows(ctx.head),  # supports W[ids], reading just those rows
        context_ids(ctx.ids[0], ctx.ids[1], nb_json[0]),
        stats.mean,
        ctx.head.label_of,
        [(t, eq) for t, eq, _ in built],
        ctx.w_dtype,
    )
    return FlipReport(report, models=tuple(typed), head=ctx.head, **figures)


# max |Δp| on the probes beyond which a stored equivalent is not the same model in practice
def _mean_row_norm(stats: Any, n_valid: int) -> float:
    valid = np.isfinite(stats.norms[:n_valid])
    return float(stats.norms[:n_valid][valid].mean()) if valid.any() else float("nan")


def _model_entry(ctx: FlipContext, t: float, eq: Equivalent, con: Any, report: dict[str, Any], exact: Any,
                 stored: Any, mean_row_norm: float) -> dict[str, Any]:
    """One model of the JSON report: how it was built and how it was verified."""
    if ctx.symmetry == "translate":
        tr = dataclasses.replace(con, mean_row_norm=mean_row_norm)
        info: dict[str, Any] = {
            "target": t,
            "cosine": num(tr.cosine_after, None),
            "centered_cosine": report["original"]["centered_cosine"],  # T keeps these
            "translation_norm": num(tr.relative_norm, None),
            "translation_abs_norm": num(tr.norm, None),
            "row_floor_active": tr.floor_active,
            "reached": True,
        }
    else:
        rs = con
        info = {
            "target": t,
            "cosine": num(rs.cosine_after, None),
            "centered_cosine": num(rs.centered_cosine_after, None),
            "translation_norm": None,
            "scale_range": [num(float(rs.scale.min()), None), num(float(rs.scale.max()), None)],
            "max_scale": rs.max_scale,
            "reached": rs.reached,
            "notes": list(rs.notes),
        }
    rows = eq.stored_rows(ctx.pair_rows.astype(np.float32), ctx.w_dtype).astype(np.float64)
    info.update(
        {
            "max_abs_prob_diff": num(exact.max_abs_prob_diff, None),
            "max_abs_logprob_diff": num(exact.max_abs_logprob_diff, None),
            "argmax_agree": exact.argmax_agree,
            "argmax_disagreements": exact.argmax_disagreements,
            "stored_dtype": ctx.w_dtype,
            "stored_cosine": num(sym.cosine(rows[0], rows[1]), None),
            "stored_max_abs_prob_diff": num(stored.max_abs_prob_diff, None),
            "stored_max_abs_logprob_diff": num(stored.max_abs_logprob_diff, None),
            "stored_argmax_agree": stored.argmax_agree,
            "stored_argmax_disagreements": stored.argmax_disagreements,
            "saved": None,
            "saved_dtype": None,
            "saved_max_abs_prob_diff": None,
        }
    )
    return info


def _record_save(info: dict[str, Any], saved: Any, save: Path | None) -> None:
    """The saved model's entry: where, in which dtype, and that the rows written are the verified ones."""
    info["saved"] = str(save)
    info["saved_dtype"] = saved.head_dtype
    info["saved_max_abs_prob_diff"] = info["stored_max_abs_prob_diff"]
    info["saved_max_abs_logprob_diff"] = info["stored_max_abs_logprob_diff"]
    info["save"] = saved.to_json()
    if saved.input_max_abs_diff is not None:
        info["save"]["input_max_abs_diff"] = num(saved.input_max_abs_diff, None)


def _flipped(info: dict[str, Any], eq: Equivalent, exact: Any, stored: Any) -> FlippedModel:
    """The typed view of one model of the report (the numbers as in its JSON entry)."""
    def per_probe(chk: Any) -> np.ndarray | None:
        arr = getattr(chk, "per_probe_abs_prob_diff", None)
        return None if arr is None else np.asarray(arr)

    return FlippedModel(
        target=float(info["target"]),
        symmetry=eq.symmetry,
        translation=None if eq.c is None else np.array(eq.c, dtype=np.float64),
        rescale=None if eq.scale is None else np.array(eq.scale, dtype=np.float64),
        **{k: info[k] for k in ("cosine", "centered_cosine", "max_abs_prob_diff", "max_abs_logprob_diff",
                                "argmax_agree", "stored_dtype", "stored_max_abs_prob_diff",
                                "stored_max_abs_logprob_diff", "stored_argmax_agree")},
        abs_prob_diff=per_probe(exact),
        stored_abs_prob_diff=per_probe(stored),
    )


def _base_report(
    head: Head,
    labels: list[ResolvedLabel],
    symmetry: str,
    targets: list[float],
    w_i: np.ndarray,
    w_j: np.ndarray,
    stats: Any,
    warnings: list[str],
) -> dict[str, Any]:
    n_valid = head.n_vocab if head.n_vocab else head.n_rows
    mu = stats.mean
    valid = np.isfinite(stats.norms[:n_valid])
    mean_row_norm = float(stats.norms[:n_valid][valid].mean()) if valid.any() else float("nan")
    return {
        "schema": SCHEMA,
        "cosaudit_version": __version__,
        "checkpoint": head.facts(),
        "labels": [lab.to_json() for lab in labels],
        "symmetry": symmetry,
        "targets": list(targets),
        "original": {
            "cosine": num(sym.cosine(w_i, w_j), None),
            "centered_cosine": num(sym.cosine(w_i - mu, w_j - mu), None),
            "dot": num(float(w_i @ w_j), None),
            "distance": num(float(np.linalg.norm(w_i - w_j)), None),
        },
        "outcome": None,
        "models": [],
        "verification": None,
        "mean_row_norm": num(mean_row_norm, None),
        "warnings": list(warnings),
    }


def _neighbours_json(head: Head, ids: list[int], res: list[Any]) -> list[list[dict[str, Any]]]:
    out = []
    for m in res:
        per_label = []
        for qi, rid in enumerate(ids):
            per_label.append(
                {
                    "id": rid,
                    "label": head.label_of(rid),
                    "neighbours": [
                        {"id": int(x), "label": head.label_of(int(x)), "cosine": num(float(c))}
                        for x, c in zip(m.ids[qi], m.cosines[qi], strict=True)
                    ],
                }
            )
        out.append(per_label)
    return out
