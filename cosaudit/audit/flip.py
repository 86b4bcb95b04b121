"""`flip`: build models with exactly the same probabilities and any cosine for a pair, verify
them, and (optionally) write one as a checkpoint. Head in, JSON-ready report dict out."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from cosaudit import __version__
from cosaudit.core import symmetry as sym
from cosaudit.core._blas import blas_threads
from cosaudit.core.cosine import RowStatsAccumulator
from cosaudit.core.verify import (
    Equivalent,
    HeadArrays,
    Variant,
    auto_probe_count,
    describe_probes,
    neighbours_in_models,
    verify_models,
)
from cosaudit.errors import UsageError
from cosaudit.load.head import Head, ResolvedLabel

SCHEMA = "cosaudit.flip/1"


def _num(x: float | None, digits: int | None = None) -> float | None:
    if x is None or not np.isfinite(x):
        return None
    return float(x) if digits is None else round(float(x), digits)


def head_arrays(head: Head, W: np.ndarray) -> HeadArrays:
    """Core's view of a loaded head (the weights already read as float32)."""
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
        symmetry,
        head_type=head.head_type,
        softcap=head.softcap,  # type: ignore[arg-type]
        has_norm=head.final_norm is not None,
        normalized_rows=head.normalized_rows,
    )
    if refusal is not None:
        raise sym.SymmetryRefusedError(refusal)

    v, d = head.shape
    n_valid = head.n_vocab if head.n_vocab else v
    hash_future = None
    if save is not None and saver is not None and head.kind != "numpy":
        from cosaudit.load.write import start_head_hash

        hash_future = start_head_hash(head)  # overlaps the read and the verification
    acc = RowStatsAccumulator(v, d, n_valid)

    def on_block(start: int, block: np.ndarray) -> None:
        acc.add(start, block)
        if progress is not None:
            progress(block.shape[0])

    # many small products follow (statistics per block, neighbours, verification): OpenBLAS's own
    # threads only slow those down (see core/_blas.py); the verification runs two workers itself
    with blas_threads(1):
        W = head.matrix(on_block=on_block)
    stats = acc.finish()
    w_i, w_j = W[i].astype(np.float64), W[j].astype(np.float64)
    mu = stats.mean
    valid = np.isfinite(stats.norms[:n_valid])
    mean_row_norm = float(stats.norms[:n_valid][valid].mean()) if valid.any() else float("nan")
    original = {
        "cosine": _num(sym.cosine(w_i, w_j)),
        "centered_cosine": _num(sym.cosine(w_i - mu, w_j - mu)),
        "dot": _num(float(w_i @ w_j)),
        "distance": _num(float(np.linalg.norm(w_i - w_j))),
    }
    report: dict[str, Any] = {
        "schema": SCHEMA,
        "cosaudit_version": __version__,
        "checkpoint": head.facts(),
        "labels": [lab.to_json() for lab in labels],
        "symmetry": symmetry,
        "targets": list(targets),
        "original": original,
        "outcome": None,
        "models": [],
        "verification": None,
        "mean_row_norm": _num(mean_row_norm),
        "warnings": [],
    }
    pair = sym.pair_issue(w_i, w_j, i, j, names=names)
    if pair is not None and pair.code == "identical_rows" and save is None:
        report["outcome"] = {"code": pair.code, "message": pair.message}
        report["original"]["neighbours"] = _neighbours(
            head, W, [i, j], top_k, [None], n_valid, stats.norms
        )[0]
        return report
    if pair is not None:
        raise sym.PairNotFlippableError(pair)
    for lab in labels:
        if lab.id >= n_valid:
            report["warnings"].append(
                f"label {lab.label!r} is row {lab.id}, a padding row past the tokenizer's "
                "vocabulary"
            )

    # constructions
    built: list[tuple[float, Equivalent, dict[str, Any]]] = []
    for t in targets:
        if symmetry == "translate":
            tr = sym.least_norm_translation(w_i, w_j, t, mean_row_norm=mean_row_norm)
            eq = Equivalent("translate", c=tr.c)
            info = {
                "target": t,
                "cosine": _num(tr.cosine_after),
                "centered_cosine": original["centered_cosine"],  # T never moves centered cosines
                "translation_norm": _num(tr.relative_norm),
                "translation_abs_norm": _num(tr.norm),
                "row_floor_active": tr.floor_active,
                "reached": True,
            }
        else:
            rs = sym.rescale_pair(w_i - mu, w_j - mu, t, w_i=w_i, w_j=w_j, max_scale=max_scale)
            eq = Equivalent("rescale", scale=rs.scale)
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
        built.append((t, eq, info))

    # storage dtype of the equivalent (what --save writes, or would write)
    from cosaudit.load.write import storage_dtype

    w_dtype = storage_dtype(dtype, head.weight.dtype)
    n_dtype = None
    if symmetry == "rescale" and head.final_norm is not None:
        n_dtype = storage_dtype(dtype, head.final_norm.weight.dtype)

    arrays = head_arrays(head, W)
    variants: list[Variant] = []
    for _t, eq, _info in built:
        variants.append(Variant(eq))
        variants.append(Variant(eq, w_dtype, n_dtype))
    n = auto_probe_count(v, d, len(variants), requested=n_probes)
    checks = verify_models(arrays, variants, n_probes=n, seed=seed)
    report["verification"] = {
        "n_probes": n,
        "seed": seed,
        "probe_set": describe_probes(arrays),
        "probes_auto": n_probes is None,
        "stored_dtype": w_dtype,
        "precision": "float64",
    }

    with blas_threads(1):
        nbs = _neighbours(
        head, W, [i, j], top_k, [None] + [eq for _t, eq, _ in built], n_valid, stats.norms
    )
    report["original"]["neighbours"] = nbs[0]
    for k, (_t, eq, info) in enumerate(built):
        exact, stored = checks[2 * k], checks[2 * k + 1]
        rows = eq.stored_rows(W[[i, j]], w_dtype).astype(np.float64)
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
                "neighbours": nbs[k + 1],
            }
        )
        report["models"].append(info)

    from cosaudit.audit.figure_data import context_ids, flip_figure_data  # private keys for figures

    report.update(
        flip_figure_data(
            W,
            context_ids(i, j, nbs[0]),
            mu,
            head.label_of,
            [(t, eq) for t, eq, _ in built],
            checks,
            w_dtype,
        )
    )
    if save is not None:
        if saver is None:
            raise UsageError("internal error: no writer given for --save")
        _t, eq, info = built[0]
        res = saver(
            head,
            eq,
            save,
            symmetry=symmetry,
            labels=[lab.to_json() for lab in labels],
            target=targets[0],
            dtype=dtype,
            force=force,
            weight_f32=W,
            **({"head_sha256": hash_future} if hash_future is not None else {}),
        )
        info["saved"] = str(save)
        info["saved_dtype"] = res.head_dtype
        info["saved_max_abs_prob_diff"] = info["stored_max_abs_prob_diff"]
        info["saved_max_abs_logprob_diff"] = info["stored_max_abs_logprob_diff"]
        info["save"] = res.to_json()
        if res.input_max_abs_diff is not None:
            info["save"]["input_max_abs_diff"] = _num(res.input_max_abs_diff)
    return report


def _neighbours(
    head: Head,
    W: np.ndarray,
    ids: list[int],
    k: int,
    models: list[Equivalent | None],
    n_valid: int,
    norms: np.ndarray | None = None,
) -> list[list[dict[str, Any]]]:
    res = neighbours_in_models(W, ids, k, models, n_valid=n_valid, row_norms=norms)
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
