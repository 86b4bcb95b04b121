"""`flip`: build models with exactly the same probabilities and any cosine for a pair, verify
them, and (optionally) write one as a checkpoint. Head in, JSON-ready report dict out.

The head is never held as one V × d matrix. The pair's rows are read first (a translation
needs nothing else), then the rows are streamed in blocks (`TensorReader.iter_blocks`, which
reads ahead on a second thread) through one `core.verify.StreamVerifier`: row norms and the
mean row, every row's dot products with the vectors that give the cosines in each model
(`core.verify.NeighbourPlan`), and the logits of the original and the stored models on the
probes. With `--save` that same pass is the writer's pass over the head: the rows it writes
are the rows verified. A rescaling needs the mean row before it can be built, so it streams
twice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from cosaudit import __version__
from cosaudit.core import symmetry as sym
from cosaudit.core.verify import (
    Equivalent,
    HeadArrays,
    NeighbourPlan,
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
from cosaudit.load.head import Head, ResolvedLabel

SCHEMA = "cosaudit.flip/1"


def _num(x: float | None, digits: int | None = None) -> float | None:
    if x is None or not np.isfinite(x):
        return None
    return float(x) if digits is None else round(float(x), digits)


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


def _stream(
    head: Head,
    sv: StreamVerifier,
    progress: Callable[[int], None] | None = None,
) -> None:
    """Feed every row of the head to `sv`, block by block (read ahead on a second thread;
    safetensors rows arrive unconverted, `sv` converts them in cache)."""
    from cosaudit.load.write import iter_head_blocks

    for start, block in iter_head_blocks(head.weight):
        sv.add(start, block)
        if progress is not None:
            progress(block.shape[0])


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
) -> dict[str, Any]:
    """The flip report; `saver` (load.write.save_equivalent) writes the model when `save`."""
    check_flip_request(labels, targets, save)
    a, b = labels
    i, j = a.id, b.id
    names = (repr(a.label), repr(b.label))
    issue = sym.pair_issue(np.zeros(1), np.ones(1), i, j, names=names) if i == j else None
    if issue is not None:
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

    v, d = head.shape
    n_valid = head.n_vocab if head.n_vocab else v
    pair_rows = head.rows([i, j]).astype(np.float64)  # reads two rows
    w_i, w_j = pair_rows[0], pair_rows[1]
    pair = sym.pair_issue(w_i, w_j, i, j, names=names)
    identical = pair is not None and pair.code == "identical_rows" and save is None
    if pair is not None and not identical:
        raise sym.PairNotFlippableError(pair)
    arrays = head_arrays(head)
    warnings: list[str] = []
    for lab in labels:
        if lab.id >= n_valid:
            warnings.append(
                f"label {lab.label!r} is row {lab.id}, a padding row past the tokenizer's "
                "vocabulary"
            )

    # storage dtype of the equivalent (what --save writes, or would write)
    from cosaudit.load.write import storage_dtype

    w_dtype = storage_dtype(dtype, head.weight.dtype)
    n_dtype = None
    if symmetry == "rescale" and head.final_norm is not None:
        n_dtype = storage_dtype(dtype, head.final_norm.weight.dtype)

    stats = None
    mu: np.ndarray | None = None
    first_pass: StreamVerifier | None = None
    if identical or symmetry == "rescale":
        # the mean row first: a rescaling is built from the centered rows
        plan0 = NeighbourPlan(pair_rows, [None])
        with StreamVerifier(
            arrays, [], np.empty((0, d)), columns=plan0.columns, stats=True, n_valid=n_valid
        ) as first_pass:
            _stream(head, first_pass, progress)
            first_pass.finish()
        stats = first_pass.row_stats()
        mu = stats.mean
        progress = None  # the bar counts the first read
    if identical:
        assert pair is not None and stats is not None and first_pass is not None
        report = _base_report(head, labels, symmetry, targets, w_i, w_j, stats, [])
        report["outcome"] = {"code": pair.code, "message": pair.message}
        nbs = plan0.result([i, j], top_k, first_pass.products, first_pass.sq, n_valid=n_valid)
        report["original"]["neighbours"] = _neighbours_json(head, [i, j], nbs)[0]
        return report

    # constructions (a translation needs only the pair's rows)
    built: list[tuple[float, Equivalent, Any]] = []
    for t in targets:
        if symmetry == "translate":
            tr = sym.least_norm_translation(w_i, w_j, t)
            built.append((t, Equivalent("translate", c=tr.c), tr))
        else:
            assert mu is not None
            rs = sym.rescale_pair(w_i - mu, w_j - mu, t, w_i=w_i, w_j=w_j, max_scale=max_scale)
            built.append((t, Equivalent("rescale", scale=rs.scale), rs))
    models = [eq for _t, eq, _c in built]
    variants: list[Variant] = []
    for eq in models:
        variants.append(Variant(eq))
        variants.append(Variant(eq, w_dtype, n_dtype))
    n = auto_probe_count(v, d, len(variants), requested=n_probes)
    n_x = probe_inputs(d, n, seed, arrays.norm_kind)
    probe_set = describe_probes(arrays)
    plan = NeighbourPlan(pair_rows, [None, *models])
    n_genuine = sum(1 for var in variants if not algebraic_exact(arrays, var))
    chunk = probe_chunk_size(v, n, n_genuine, plan.columns.shape[1])
    main = StreamVerifier(
        arrays,
        variants,
        n_x[:chunk],
        columns=plan.columns,
        square_columns=plan.square_columns,
        stats=stats is None,
        n_valid=n_valid,
    )
    results: dict[str, Any] = {}

    def complete() -> None:
        """Finish the verification (more probe chunks stream the head again) and the figures."""
        if main.rows_seen == 0:  # the writer did not stream the head (e.g. a numpy file)
            _stream(head, main, progress)
        parts = [main.finish(seed=seed, probe_set=probe_set)]
        for p0 in range(chunk, n, chunk):
            with StreamVerifier(arrays, variants, n_x[p0 : p0 + chunk]) as more:
                _stream(head, more)
                parts.append(more.finish(seed=seed, probe_set=probe_set))
        results["checks"] = combine_verifications(parts)
        results["stats"] = stats if stats is not None else main.row_stats()
        results["neighbours"] = plan.result(
            [i, j], top_k, main.products, main.sq, main.sq_products, n_valid=n_valid
        )

    saved = None
    stored_idx = 1  # the stored variant of the (single) saved model
    try:
        if save is not None and head.kind != "numpy":
            assert saver is not None

            def produce(start: int, block: np.ndarray, out: np.ndarray) -> None:
                # the stored rows are computed and verified here, and written as they are
                main.add(start, block, emit={stored_idx: out})
                if progress is not None:
                    progress(block.shape[0])

            def complete_checked() -> None:
                complete()
                _refuse_inexact_save(results["checks"], w_dtype, force)

            saved = _save(head, built, labels, targets, symmetry, save, dtype, force, saver,
                          produce_head_rows=produce, before_commit=complete_checked)
        else:
            _stream(head, main, progress)
            complete()
            if save is not None:
                _refuse_inexact_save(results["checks"], w_dtype, force)
                saved = _save(head, built, labels, targets, symmetry, save, dtype, force, saver)
    finally:
        main.close()

    checks = results["checks"]
    stats = results["stats"]
    mu = stats.mean
    valid = np.isfinite(stats.norms[:n_valid])
    mean_row_norm = float(stats.norms[:n_valid][valid].mean()) if valid.any() else float("nan")
    report = _base_report(head, labels, symmetry, targets, w_i, w_j, stats, warnings)
    report["verification"] = {
        "n_probes": n,
        "seed": seed,
        "probe_set": probe_set,
        "probes_auto": n_probes is None,
        "stored_dtype": w_dtype,
        "precision": "float64",
    }
    nb_json = _neighbours_json(head, [i, j], results["neighbours"])
    report["original"]["neighbours"] = nb_json[0]
    for k, (t, eq, con) in enumerate(built):
        exact, stored = checks[2 * k], checks[2 * k + 1]
        rows = eq.stored_rows(pair_rows.astype(np.float32), w_dtype).astype(np.float64)
        if symmetry == "translate":
            tr = dataclasses.replace(con, mean_row_norm=mean_row_norm)
            info: dict[str, Any] = {
                "target": t,
                "cosine": _num(tr.cosine_after),
                "centered_cosine": report["original"]["centered_cosine"],  # T keeps these
                "translation_norm": _num(tr.relative_norm),
                "translation_abs_norm": _num(tr.norm),
                "row_floor_active": tr.floor_active,
                "reached": True,
            }
        else:
            rs = con
            info = {
                "target": t,
                "cosine": _num(rs.cosine_after),
                "centered_cosine": _num(rs.centered_cosine_after),
                "translation_norm": None,
                "scale_range": [_num(float(rs.scale.min())), _num(float(rs.scale.max()))],
                "max_scale": rs.max_scale,
                "reached": rs.reached,
                "notes": list(rs.notes),
            }
        info.update(
            {
                "max_abs_prob_diff": _num(exact.max_abs_prob_diff),
                "max_abs_logprob_diff": _num(exact.max_abs_logprob_diff),
                "argmax_agree": exact.argmax_agree,
                "argmax_disagreements": exact.argmax_disagreements,
                "stored_dtype": w_dtype,
                "stored_cosine": _num(sym.cosine(rows[0], rows[1])),
                "stored_max_abs_prob_diff": _num(stored.max_abs_prob_diff),
                "stored_max_abs_logprob_diff": _num(stored.max_abs_logprob_diff),
                "stored_argmax_agree": stored.argmax_agree,
                "stored_argmax_disagreements": stored.argmax_disagreements,
                "saved": None,
                "saved_dtype": None,
                "saved_max_abs_prob_diff": None,
                "neighbours": nb_json[k + 1],
            }
        )
        report["models"].append(info)

    from cosaudit.audit.figure_data import context_ids, flip_figure_data  # private keys for figures

    report.update(
        flip_figure_data(
            _Rows(head),  # type: ignore[arg-type]  # supports W[ids], reading just those rows
            context_ids(i, j, nb_json[0]),
            mu,
            head.label_of,
            [(t, eq) for t, eq, _ in built],
            checks,
            w_dtype,
        )
    )
    problem = _stored_problem(checks, w_dtype)
    report["stored_equivalent"] = problem is None
    if problem is not None:
        report["warnings"].append(
            problem + f": rounding the equivalent's rows back to {w_dtype} is not exact, and with rows this "
            f"large it moves logits by more than {w_dtype} can resolve; store it exactly with --dtype float32"
        )
    if saved is not None:
        info = report["models"][0]
        info["saved"] = str(save)
        info["saved_dtype"] = saved.head_dtype
        info["saved_max_abs_prob_diff"] = info["stored_max_abs_prob_diff"]
        info["saved_max_abs_logprob_diff"] = info["stored_max_abs_logprob_diff"]
        info["save"] = saved.to_json()
        if saved.input_max_abs_diff is not None:
            info["save"]["input_max_abs_diff"] = _num(saved.input_max_abs_diff)
    return report


# max |Δp| on the probes beyond which a stored equivalent is not the same model in practice
STORED_TOL = 1e-3


def _stored_problem(checks: list[Any], w_dtype: str) -> str | None:
    """Why the equivalents as stored are not equivalent within the dtype's resolution, or None."""
    stored = checks[1::2]
    if not stored:
        return None
    worst = max(c.max_abs_prob_diff for c in stored)
    if worst <= STORED_TOL:  # (a near-tie may swap its top under rounding: that alone is resolution)
        return None
    return (
        f"as stored in {w_dtype} the equivalent is not the same model: max |Δp| = {worst:.3g} on the probes"
        + ("" if all(c.argmax_agree for c in stored) else ", and the top prediction changes")
    )


def _refuse_inexact_save(checks: list[Any], w_dtype: str, force: bool) -> None:
    problem = _stored_problem(checks, w_dtype)
    if problem is not None and not force:
        raise UsageError(
            problem + "; --save refuses to write it",
            hint="store it exactly with --dtype float32, or pass --force to write it anyway",
        )


def _save(
    head: Head,
    built: list[tuple[float, Equivalent, Any]],
    labels: list[ResolvedLabel],
    targets: list[float],
    symmetry: str,
    save: Path,
    dtype: str,
    force: bool,
    saver: Callable[..., Any] | None,
    **hooks: Any,
) -> Any:
    assert saver is not None
    _t, eq, _con = built[0]
    return saver(
        head,
        eq,
        save,
        symmetry=symmetry,
        labels=[lab.to_json() for lab in labels],
        target=targets[0],
        dtype=dtype,
        force=force,
        **hooks,
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
            "cosine": _num(sym.cosine(w_i, w_j)),
            "centered_cosine": _num(sym.cosine(w_i - mu, w_j - mu)),
            "dot": _num(float(w_i @ w_j)),
            "distance": _num(float(np.linalg.norm(w_i - w_j))),
        },
        "outcome": None,
        "models": [],
        "verification": None,
        "mean_row_norm": _num(mean_row_norm),
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
                        {"id": int(x), "label": head.label_of(int(x)), "cosine": _num(float(c), 6)}
                        for x, c in zip(m.ids[qi], m.cosines[qi], strict=True)
                    ],
                }
            )
        out.append(per_label)
    return out
