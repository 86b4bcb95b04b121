"""`inspect`: measure the cosines of a head and say what they can and cannot tell."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from cosaudit import __version__
from cosaudit.audit._json import matrix, num
from cosaudit.audit.demonstrate import PairRows, demonstrate, equivalent_matrices
from cosaudit.audit.reports import InspectReport
from cosaudit.audit.verdict import verdict
from cosaudit.core.cosine import (
    Neighbours,
    PairSample,
    RowStats,
    ScanResult,
    TopPair,
    VocabularyScan,
    cosine_matrix,
    most_similar_pairs,
    sample_geometry,
    sample_pairs,
)
from cosaudit.core.verify import probe_inputs
from cosaudit.errors import CosauditError, DataError
from cosaudit.load.head import FinalNorm, Head, ResolvedLabel

SCHEMA = "cosaudit.inspect/1"
TIEABLE_AUTO_ELEMENTS = 64_000_000  # V·d up to which inspect checks tie-ability by default


def _combinations(head: Head, labels: list[ResolvedLabel], distinct: list[int], x: np.ndarray,
                  ids: list[int], bias: np.ndarray | None) -> dict[str, Any]:
    """Sigmoid heads: which on/off combinations of the chosen labels some input produces.

    For a sigmoid head these follow from the rows alone (v2 Lemma 5.3: from their cosines and
    norms), which is the sense in which its cosines are meaningful.
    """
    from cosaudit.core.patterns import patterns

    rows = np.stack([x[ids.index(i)] for i in distinct])
    b = None if bias is None else bias[distinct]
    res = patterns(rows, b, list(range(len(distinct))), kind="sign_vectors")
    names = [next(lab.label for lab in labels if lab.id == i) for i in distinct]
    return {
        "labels": names,
        "count": res.count,
        "possible": res.possible,
        "bias_included": res.bias,
        "space": res.space,
        "on_sets": sorted([[names[k] for k, sgn in enumerate(p) if sgn > 0] for p in res.patterns],
                          key=lambda s: (len(s), s)),
        "statement": "the label combinations (p > 0.5 on, < 0.5 off) that some input produces; "
                     "for a sigmoid head they follow from the rows (v2 Lemma 5.3)",
    }


def _tieable(head: Head, ids: list[int], bad_rows: np.ndarray, bias: np.ndarray | None) -> dict[str, Any]:
    """Which chosen labels can share the top prediction (diagonal: can be the top at all)."""
    from cosaudit.core.geometry import HeadGeometry, tieable_matrix

    w = np.empty(head.shape, dtype=np.float64)  # read straight into float64: no float32 copy beside it
    for start, block in head.weight.iter_blocks():
        w[start : start + block.shape[0]] = block
    keep = np.ones(w.shape[0], dtype=bool)
    keep[bad_rows] = False  # NaN/Inf rows are left out (reported in warnings)
    new_index = np.cumsum(keep) - 1
    b = None if bias is None else bias[keep]
    g = HeadGeometry(w if keep.all() else w[keep], b, head_type=head.head_type, storage=head.weight.dtype)
    del w
    tm = tieable_matrix(g, None, [int(new_index[i]) for i in ids])
    old = np.flatnonzero(keep)
    witnesses = []
    for (a, c), r in sorted(tm.pairs.items()):
        witnesses.append({"ids": [int(old[a]), int(old[c])], "tieable": bool(r.tieable),
                          "method": r.method, "margin": num(getattr(r, "margin", None))})
    return {
        "space": tm.space,
        "matrix": [[bool(x) for x in row] for row in tm.matrix],
        "diagonal": "argmaxable: the label can be the top prediction at all",
        "pairs": witnesses,
    }


def _padding_warnings(head: Head, v: int, n_valid: int) -> list[str]:
    """The warning about rows past the vocabulary (padding), if there are any."""
    if n_valid >= v:
        return []
    source = {"tokenizer": "the tokenizer's vocabulary", "id2label": "config id2label",
              "labels-file": "the labels file"}.get(getattr(head.vocab, "how", ""), "the vocabulary")
    return [f"{v - n_valid} rows past {source} ({n_valid} entries) have no label (padding): "
            "left out of vocabulary-wide statistics"]


def _chosen_rows(head: Head, labels: list[ResolvedLabel], d: int, n_valid: int,
                 warnings: list[str]) -> tuple[list[int], np.ndarray]:
    """The chosen labels' ids and rows (float64); refuses NaN/Inf rows, warns of padding and repeats."""
    ids = [lab.id for lab in labels]
    x = head.rows(ids).astype(np.float64) if ids else np.empty((0, d))
    for lab, row in zip(labels, x, strict=True):
        if not np.isfinite(row).all():
            raise DataError(f"row {lab.id} ({lab.label!r}) contains NaN or Inf",
                            hint="the checkpoint is damaged there; choose other labels")
        if lab.id >= n_valid:
            warnings.append(f"label {lab.label!r} is row {lab.id}, a padding row past the tokenizer's vocabulary")
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        warnings.append(f"rows {sorted(dup)} were chosen more than once")
    return ids, x


def _probe_states(head: Head, d: int, n_probes: int, seed: int,
                  warnings: list[str]) -> tuple[np.ndarray, FinalNorm | None]:
    """Probe hidden states for the equivalents' check, at the scale the head sees, and the norm read."""
    norm = head.final_norm
    gain = shift = None
    if norm is not None:
        try:
            gain, shift = norm.gain().astype(np.float64), norm.shift()
        except CosauditError as exc:  # a Hub shard not in the offline cache
            warnings.append(f"final norm not read: {exc}")
            norm = None
    probes_h = probe_inputs(d, n_probes, seed, None if norm is None else norm.kind)
    if gain is not None:
        probes_h = probes_h * gain
    if shift is not None:
        probes_h = probes_h + shift
    return probes_h, norm


def _scan_head(head: Head, scan: VocabularyScan, progress: Callable[[int], None] | None) -> None:
    """Two streamed passes over the head in blocks: nothing of size V × d is held in memory."""
    for start, block in head.weight.iter_blocks():
        scan.add_first(start, block)
        if progress is not None:
            progress(block.shape[0])
    scan.finish_first()
    for start, block in head.weight.iter_blocks():
        scan.add_second(start, block)


def _row_warnings(stats: RowStats) -> list[str]:
    """Warnings about NaN/Inf rows and zero rows anywhere in the head."""
    warnings = []
    if stats.bad_rows.size:
        shown = ", ".join(str(int(i)) for i in stats.bad_rows[:10])
        warnings.append(f"{stats.bad_rows.size} rows contain NaN/Inf (e.g. rows {shown}): left out")
    if stats.zero_rows.size:
        shown = ", ".join(str(int(i)) for i in stats.zero_rows[:10])
        warnings.append(f"{stats.zero_rows.size} rows are zero (rows {shown}): their cosines are undefined")
    return warnings


def _neighbour_list(head: Head, neighbours: Neighbours) -> list[dict[str, Any]]:
    """One label's nearest rows as JSON entries."""
    return [{"id": int(i), "label": head.label_of(int(i)), "cosine": num(c)}
            for i, c in zip(neighbours.ids, neighbours.cosines, strict=True)]


def _neighbours(head: Head, labels: list[ResolvedLabel], result: ScanResult, top_k: int) -> list[dict[str, Any]]:
    """Each chosen label's nearest rows by raw and by centered cosine."""
    if not labels or top_k <= 0:
        return []
    return [{"id": lab.id, "label": lab.label,
             "cosine": _neighbour_list(head, rn), "centered_cosine": _neighbour_list(head, cn)}
            for lab, rn, cn in zip(labels, result.raw_neighbours, result.centered_neighbours, strict=True)]


def _read_bias(head: Head, warnings: list[str]) -> np.ndarray | None:
    """The output bias, or None (with a warning) when it cannot be read."""
    try:
        return head.bias_vector()
    except CosauditError as exc:  # e.g. a Hub shard not in the offline cache
        warnings.append(f"output bias not read: {exc}")
        return None


def _pair_rows(head: Head, labels: list[ResolvedLabel], x: np.ndarray, max_pairs: int,
               top_pairs: list[TopPair], result: ScanResult) -> list[PairRows]:
    """The pairs whose equivalents are demonstrated: chosen pairs, then the most similar pair found."""
    pair_rows = [PairRows(a.id, b.id, (a.label, b.label), x[ia], x[ib], "chosen")
                 for (ia, a), (ib, b) in itertools.combinations(enumerate(labels), 2)
                 if a.id != b.id][:max_pairs]
    if top_pairs:
        tp = top_pairs[0]
        pos = {int(k): n for n, k in enumerate(result.sample_ids)}
        if {tp.i, tp.j} not in [{p.i, p.j} for p in pair_rows]:
            pair_rows.append(PairRows(tp.i, tp.j, (head.label_of(tp.i), head.label_of(tp.j)),
                                      result.sample_rows[pos[tp.i]], result.sample_rows[pos[tp.j]],
                                      "most similar pair found"))
    return pair_rows


def _summary(head: Head, stats: RowStats, n_valid: int, valid_norms: np.ndarray, pairs: PairSample,
             top_pairs: list[TopPair], searched: int, seed: int, bias: np.ndarray | None) -> dict[str, Any]:
    """The vocabulary-wide figures: sizes, norms, the pair sample and the most similar pairs."""
    v, d = head.shape
    return {
        "rows": v,
        "dim": d,
        "valid_rows": int(n_valid - np.count_nonzero(stats.bad_rows < n_valid)),
        "padding_rows": int(v - n_valid),
        "mean_row_norm": num(float(valid_norms.mean())) if valid_norms.size else None,
        "mean_vector_norm": num(float(np.linalg.norm(stats.mean))),
        "mean_norm_ratio": num(stats.mean_norm_ratio),
        "pair_sample": {"seed": seed, "pairs": pairs.n_pairs, "rows_sampled": searched,
                        "raw": {k: num(x) for k, x in pairs.quantiles.get("raw", {}).items()},
                        "centered": {k: num(x) for k, x in pairs.quantiles.get("centered", {}).items()}},
        "most_similar_pairs": {
            "rows_searched": searched,
            "seed": seed,
            "pairs": [{"ids": [p.i, p.j], "labels": [head.label_of(p.i), head.label_of(p.j)],
                       "cosine": num(p.cosine), "centered_cosine": num(p.centered_cosine)}
                      for p in top_pairs],
        },
        "nan_rows": [int(i) for i in stats.bad_rows[:100]],
        "zero_rows": [int(i) for i in stats.zero_rows[:100]],
        "bias_range": None if bias is None else [num(float(bias.min())), num(float(bias.max()))],
    }


def _maybe_tieable(head: Head, ids: list[int], bad_rows: np.ndarray, bias: np.ndarray | None,
                   tieable: bool | None, warnings: list[str]) -> dict[str, Any] | None:
    """Tie-ability of the chosen labels when asked for, or by default when the head is small enough."""
    if len(ids) < 2 or tieable is False:
        return None
    v, d = head.shape
    if tieable or v * d <= TIEABLE_AUTO_ELEMENTS:
        return _tieable(head, ids, bad_rows, bias)
    warnings.append(
        f"tie-ability of the chosen labels not computed for a {v} × {d} head by default "
        "(it loads the whole head and solves LPs): pass --tieable, or use `cosaudit neighbours`"
    )
    return None


def _chosen_matrices(labels: list[ResolvedLabel], ids: list[int], x: np.ndarray, stats: RowStats,
                     warnings: list[str]) -> dict[str, Any]:
    """Raw cosines, centered cosines and dot products of the chosen rows (JSON); warns of zero rows."""
    cos = cosine_matrix(x)
    cen = cosine_matrix(x - stats.mean) if ids else cos
    dots = x @ x.T
    for lab in labels:
        if stats.norms[lab.id] == 0:
            warnings.append(f"label {lab.label!r} (row {lab.id}) is a zero row: its cosines are undefined (null)")
    return {"cosine": matrix(cos), "centered_cosine": matrix(cen), "dot": matrix(dots)}


def _sampled_pairs(result: ScanResult, stats: RowStats, n_pairs: int, n_top_pairs: int,
                   seed: int) -> tuple[PairSample, list[TopPair]]:
    """The seeded pair sample and the most similar pairs among the sampled rows (one geometry for both)."""
    geometry = sample_geometry(result.sample_ids, result.sample_rows, stats)
    pairs = sample_pairs(result.sample_ids, result.sample_rows, stats, n_pairs=n_pairs, seed=seed,
                         raw_cen=geometry)
    top_pairs = most_similar_pairs(result.sample_ids, result.sample_rows, stats, k=n_top_pairs,
                                   raw_cen=geometry)
    return pairs, top_pairs


def _equivalents(head: Head, pair_rows: list[PairRows], scan: VocabularyScan, probes_h: np.ndarray | None,
                 stats: RowStats, valid_norms: np.ndarray, norm: FinalNorm | None,
                 bias: np.ndarray | None) -> list[dict[str, Any]]:
    """Equivalent models demonstrated on the pairs (logits and probes from the scan; finite rows only)."""
    return demonstrate(
        pair_rows, logits=scan.logits, probes_h=probes_h, valid=np.isfinite(stats.norms),
        mean_row_norm=float(valid_norms.mean()) if valid_norms.size else math.nan,
        head_type=head.head_type, softcap=head.softcap, has_norm=norm is not None,
        bias=None if bias is None else bias.astype(np.float64))


def _sigmoid_combinations(head: Head, labels: list[ResolvedLabel], ids: list[int], x: np.ndarray,
                          bias: np.ndarray | None) -> dict[str, Any] | None:
    """The chosen labels' on/off combinations, for a sigmoid head and 1 to 8 distinct labels."""
    distinct = list(dict.fromkeys(ids))
    if head.head_type == "sigmoid" and 1 <= len(distinct) <= 8:
        return _combinations(head, labels, distinct, x, ids, bias)
    return None


def _head_facts(head: Head) -> dict[str, Any]:
    """What the report says about the checkpoint and the head, and what its cosines can tell."""
    has_norm = head.final_norm is not None
    return {
        "cosaudit_version": __version__,
        "checkpoint": head.facts(),
        "detection": list(head.detection),
        "head_type": head.head_type,
        "identifiable": verdict(head.head_type, head.softcap, has_norm)["identifiable"],
        "verdict": verdict(head.head_type, head.softcap, has_norm),
    }


def _equivalents_check(n_probes: int, seed: int) -> dict[str, Any]:
    """How the demonstrated equivalents were checked."""
    return {
        "probes": n_probes, "seed": seed, "precision": "float64",
        "method": "softmax of W h and of (W + 1cᵀ) h = W h + (c·h)·1 on seeded probe hidden states "
                  "(through the final norm when there is one); `cosaudit flip` verifies stored models",
    }


def run_inspect(
    head: Head,
    labels: list[ResolvedLabel],
    *,
    top_k: int = 5,
    seed: int = 0,
    n_pairs: int = 20000,
    sample_rows: int = 2048,
    n_top_pairs: int = 5,
    progress: Callable[[int], None] | None = None,
    n_probes: int = 16,
    max_pairs: int = 15,
    tieable: bool | None = None,
) -> InspectReport:
    """The inspect report. `progress(rows)` is told of rows read."""
    v, d = head.shape
    n_valid = head.n_vocab if head.n_vocab else v
    warnings = _padding_warnings(head, v, n_valid)
    ids, x = _chosen_rows(head, labels, d, n_valid, warnings)
    probes_h, norm = _probe_states(head, d, n_probes, seed, warnings)
    scan = VocabularyScan(v, d, x, n_valid=n_valid, sample_size=sample_rows, seed=seed,
                          probes=probes_h if n_probes else None)
    _scan_head(head, scan, progress)
    result = scan.result(ids, top_k)
    stats = result.stats
    warnings += _row_warnings(stats)
    chosen_matrices = _chosen_matrices(labels, ids, x, stats, warnings)
    neighbours = _neighbours(head, labels, result, top_k)
    pairs, top_pairs = _sampled_pairs(result, stats, n_pairs, n_top_pairs, seed)
    bias = _read_bias(head, warnings)
    valid_norms = stats.norms[:n_valid][np.isfinite(stats.norms[:n_valid])]
    pair_rows = _pair_rows(head, labels, x, max_pairs, top_pairs, result)
    equivalents = _equivalents(head, pair_rows, scan, probes_h if n_probes else None, stats, valid_norms,
                               norm, bias)
    summary = _summary(head, stats, n_valid, valid_norms, pairs, top_pairs, len(result.sample_ids), seed, bias)
    tie = _maybe_tieable(head, ids, stats.bad_rows, bias, tieable, warnings)
    data = {
        "schema": SCHEMA,
        "combinations": _sigmoid_combinations(head, labels, ids, x, bias),
        **_head_facts(head),
        "labels": [lab.to_json() for lab in labels],
        **chosen_matrices,
        "neighbours": neighbours,
        "equivalents": equivalents,
        "tieable": tie,
        "equivalents_check": _equivalents_check(n_probes, seed),
        "summary": summary,
        "warnings": warnings,
    }
    panels = equivalent_matrices(equivalents, x, ids)  # drops the translations from `equivalents`
    return InspectReport(data, samples_raw=np.asarray(pairs.raw, dtype=np.float64),
                         samples_centered=np.asarray(pairs.centered, dtype=np.float64),
                         equivalent_matrices=tuple(panels))
