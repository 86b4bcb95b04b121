"""`cosaudit similar`: how alike the model treats labels, measured on hidden states.

`run_similar(head, hidden, labels=…)` or `run_similar(head, hidden, label=…, k=…)` returns a
`SimilarReport`. The numbers (`cosaudit.core.similar`) are functions of the predicted
probabilities, so every equivalent model gives the same ones; the raw and centered cosines of
the same rows are shown beside them with the range they take across equivalent models.

Where the hidden states come from (`hidden_states`): `--hidden FILE` (what the head
multiplies, after the final norm), `--hidden-before-norm FILE` (the residual stream, put
through the checkpoint's own final norm here), or, when neither is given, the file
`hidden_states.npz` that ships with the checkpoint (the demo model has one: its corpus).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from cosaudit import __version__
from cosaudit.audit.reports import Report
from cosaudit.core.cosine import cosine_matrix
from cosaudit.core.similar import (
    HeadMath,
    PairStats,
    Progress,
    VocabStats,
    apply_final_norm,
    cosine_range,
    pair_similarity,
    vocab_similarity,
)
from cosaudit.core.symmetry import PairIssue, SymmetryName, symmetry_issue
from cosaudit.errors import DataError, UsageError
from cosaudit.load.head import Head, ResolvedLabel
from cosaudit.load.hidden import read_hidden_states

if TYPE_CHECKING:
    from cosaudit.report.render import ReportRenderer

SCHEMA = "cosaudit.similar/1"
SHIPPED = "hidden_states.npz"  # hidden states that ship inside a checkpoint folder (the demo)
DEFAULT_EPS = {"layernorm": 1e-5, "rmsnorm": 1e-6}
SCATTER_LABELS = 40  # extra labels sampled for the scatter of cosine vs behaviour (matrix mode)
SCATTER_PAIRS = 3000  # pairs kept for the scatter (--label mode)

NUMBERS_ARE_INVARIANT = (
    "logprob_correlation, cotop_rate and runner_up_rate are functions of the predicted "
    "probabilities: every probability-preserving change of the head leaves them unchanged"
)


def invariance(translate: bool, rescale: bool) -> str:
    """The sentence every report carries: the numbers do not move; whether the cosines do."""
    if translate:
        return (NUMBERS_ARE_INVARIANT + " (a shared translation of the rows, a rescaling through the final "
                "norm gain, any equivalent model). The cosines of the same rows are not: they move across "
                "equivalent models.")
    if rescale:
        return (NUMBERS_ARE_INVARIANT + " (here: a rescaling through the final norm gain). The cosines of the "
                "same rows are not: the rescaling moves them.")
    return (NUMBERS_ARE_INVARIANT + ". No symmetry of this head moves its cosines (no translation, no norm "
            "gain to rescale), so here the cosines are fixed too.")


def semantics(head_type: str, top: int, threshold: float) -> dict[str, str]:
    """One line per number."""
    if head_type == "sigmoid":
        return {
            "logprob_correlation": "Pearson correlation across the inputs of the two labels' logits "
            "(log-odds): +1 when the model raises and lowers both together",
            "cotop_rate": f"of the inputs where either label fires (p > {threshold:g}), the fraction "
            "where both do",
            "runner_up_rate": "of the inputs where label i has the highest probability, the fraction "
            "where j has the second highest (n/a when i is never highest)",
            "cosine": "raw cosine of the two rows",
            "centered_cosine": "cosine after subtracting the mean row",
        }
    return {
        "logprob_correlation": "Pearson correlation across the inputs of log p(i) and log p(j): +1 "
        "when the model raises and lowers both together",
        "cotop_rate": f"of the inputs where either label is in the top {top}, the fraction where both are",
        "runner_up_rate": "of the inputs where label i is the top prediction, the fraction where j is "
        "second (row i, column j; n/a when i is never top)",
        "cosine": "raw cosine of the two rows: −1 … +1 across equivalent models",
        "centered_cosine": "cosine after subtracting the mean row: still moves across equivalent models",
    }


# ----------------------------------------------------------------------------- hidden states


@dataclass(frozen=True)
class HiddenStates:
    """The N × d vectors the head multiplies, and where they came from (said in the report)."""

    values: np.ndarray
    source: str


def norm_hidden(head: Head, x: np.ndarray) -> tuple[np.ndarray, str]:
    """Residual-stream states through the checkpoint's final norm; (h, how it was done)."""
    norm = head.final_norm
    if norm is None:
        raise UsageError(
            "--hidden-before-norm needs a final norm before the head, and this checkpoint has none",
            where=str(head.path),
            hint="pass the states with --hidden (they are what the head multiplies)",
        )
    eps = norm.eps if norm.eps is not None else DEFAULT_EPS[norm.kind]
    h = apply_final_norm(x, norm.kind, norm.gain(), norm.shift(), eps)
    gain = f"gain {norm.weight.name}" + (f" + {norm.weight_offset:g}" if norm.weight_offset else "")
    shift = "" if norm.bias is None else f", bias {norm.bias.name}"
    said = "" if norm.eps is not None else " (not in config.json: assumed)"
    return h, f"through the checkpoint's {norm.kind} ({gain}{shift}, eps {eps:g}{said})"


def _check_count(h: np.ndarray, where: str) -> np.ndarray:
    if h.shape[0] < 2:
        raise DataError(
            f"hidden states in {where}: {h.shape[0]} input; a correlation across inputs needs at least 2",
            hint="pass the hidden states of many inputs, one per row",
        )
    return h


def load_hidden(head: Head, hidden: Path | None = None, before_norm: Path | None = None) -> HiddenStates:
    """The hidden states from `--hidden`, `--hidden-before-norm`, or the checkpoint's own file."""
    if hidden is not None and before_norm is not None:
        raise UsageError("give --hidden or --hidden-before-norm, not both",
                         hint="--hidden: after the final norm; --hidden-before-norm: before it")
    d = head.dim
    if hidden is not None:
        h = read_hidden_states(Path(hidden), d)
        return HiddenStates(_check_count(h, str(hidden)), f"{hidden} ({h.shape[0]} inputs, after the final norm)")
    if before_norm is not None:
        x = _check_count(read_hidden_states(Path(before_norm), d, name="residual"), str(before_norm))
        h, how = norm_hidden(head, x)
        return HiddenStates(h, f"{before_norm} ({x.shape[0]} inputs, before the final norm), {how}")
    shipped = head.root / SHIPPED if head.root is not None else None
    if shipped is None or not shipped.is_file():
        raise UsageError(
            "no hidden states to measure on",
            where=str(head.path),
            hint="pass --hidden FILE (N × d, after the final norm) or --hidden-before-norm FILE; "
            "from Python, cosaudit.similar(model, labels, texts=…, tokenizer=…)",
        )
    return shipped_hidden(head, shipped)


def shipped_hidden(head: Head, path: Path) -> HiddenStates:
    """The checkpoint's own hidden states: the residuals (array `residual`) through its own norm
    when it has one (right for any rescaled copy of the checkpoint too), else the stored
    post-norm states (`hidden_states`)."""
    from cosaudit.load.tensors import load_numpy_tensors

    if head.final_norm is not None and "residual" in load_numpy_tensors(path):
        x = _check_count(read_hidden_states(path, head.dim, name="residual"), str(path))
        h, how = norm_hidden(head, x)
        return HiddenStates(h, f"{path.name} shipped with the checkpoint: {x.shape[0]} positions of "
                               f"its corpus, residual stream {how}")
    h = _check_count(read_hidden_states(path, head.dim), str(path))
    return HiddenStates(h, f"{path.name} shipped with the checkpoint: {h.shape[0]} positions of its corpus")


def from_array(head: Head, values: np.ndarray, source: str) -> HiddenStates:
    """Hidden states given as an array (Python API): checked like a file."""
    h = np.asarray(values, dtype=np.float64)
    if h.ndim != 2 or h.shape[1] != head.dim:
        raise DataError(f"hidden states from {source} have shape {h.shape}; the head needs rows of width {head.dim}",
                        hint="pass an N × d array, one state per row")
    if not np.isfinite(h).all():
        bad = np.flatnonzero(~np.isfinite(h).all(axis=1))
        raise DataError(f"hidden states from {source} have NaN/Inf in {bad.size} rows (first: {bad[:5].tolist()})",
                        hint="drop those rows")
    return HiddenStates(_check_count(h, source), f"{source} ({h.shape[0]} inputs)")


# ----------------------------------------------------------------------------- the report


def _num(x: float, digits: int = 6) -> float | None:
    return None if x is None or not math.isfinite(float(x)) else round(float(x), digits)


def _matrix(m: np.ndarray) -> list[list[float | None]]:
    return [[_num(x) for x in row] for row in np.asarray(m, dtype=np.float64)]


@dataclass(frozen=True, eq=False)
class SimilarReport(Report):
    """Behavioural similarity of labels on N inputs, with the cosines of the same rows beside it.

    Matrix mode (`labels` of m labels): m × m matrices (row i, column j; `runner_up_rate` is not
    symmetric). `--label` mode: `label` and `neighbours` (ordered by `logprob_correlation`), the
    matrices are None. Undefined values are None and said so in `notes`.
    """

    checkpoint: dict[str, Any]
    head_type: str
    labels: list[dict[str, Any]]
    n_inputs: int
    hidden_source: str
    top: int
    logprob_correlation: list[list[float | None]] | None
    cotop_rate: list[list[float | None]] | None
    runner_up_rate: list[list[float | None]] | None
    cosine: list[list[float | None]] | None
    centered_cosine: list[list[float | None]] | None
    cosine_range: list[list[list[float] | None]] | None
    top_counts: list[int]
    semantics: dict[str, str]
    notes: list[str]
    threshold: float | None = None
    label: dict[str, Any] | None = None
    neighbours: list[dict[str, Any]] | None = None
    cosine_neighbours: list[dict[str, Any]] | None = None
    precision: str = "float64"
    invariance: str = ""
    scatter: dict[str, Any] = field(default_factory=dict, repr=False)

    schema = SCHEMA  # type: ignore[assignment]
    command: ClassVar[str] = "similar"

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready report (`cosaudit.similar/1`)."""
        return {
            "schema": SCHEMA,
            "cosaudit_version": __version__,
            "checkpoint": self.checkpoint,
            "head_type": self.head_type,
            "labels": self.labels,
            "label": self.label,
            "n_inputs": self.n_inputs,
            "hidden_source": self.hidden_source,
            "top": self.top,
            "threshold": self.threshold,
            "precision": self.precision,
            "logprob_correlation": self.logprob_correlation,
            "cotop_rate": self.cotop_rate,
            "runner_up_rate": self.runner_up_rate,
            "cosine": self.cosine,
            "centered_cosine": self.centered_cosine,
            "cosine_range": self.cosine_range,
            "top_counts": self.top_counts,
            "neighbours": self.neighbours,
            "cosine_neighbours": self.cosine_neighbours,
            "semantics": self.semantics,
            "invariance": self.invariance,
            "notes": self.notes,
        }

    def render_dict(self) -> dict[str, Any]:
        """`to_dict()` plus the private arrays the figures need (dropped from JSON)."""
        return {**self.to_dict(), "_scatter": self.scatter}

    def renderer(self) -> ReportRenderer:
        from cosaudit.report.similar import RENDERER

        return RENDERER

    @property
    def data(self) -> dict[str, Any]:
        """The JSON content (as `ModelReport.data` of the other commands)."""
        return self.to_dict()

    def summary(self) -> str:
        if self.label is not None:
            return (f"{self.label['label']!r}: {len(self.neighbours or [])} behavioural neighbours "
                    f"over {self.n_inputs} inputs")
        names = [lab["label"] for lab in self.labels]
        return f"labels {names}: behavioural similarity over {self.n_inputs} inputs"

    def __repr__(self) -> str:
        what = (f"label={self.label['label']!r}, k={len(self.neighbours or [])}" if self.label
                else "labels=" + repr([lab["label"] for lab in self.labels]))
        return f"SimilarReport({what}, n_inputs={self.n_inputs}, head_type={self.head_type!r})"


# ----------------------------------------------------------------------------- running it


def head_math(head: Head, W: np.ndarray | None = None) -> HeadMath:
    W = head.matrix() if W is None else W
    if not np.isfinite(W).all():
        bad = np.flatnonzero(~np.isfinite(W).all(axis=1))
        raise DataError(f"the head has NaN/Inf in {bad.size} rows (first: {bad[:5].tolist()})",
                        where=str(head.path), hint="audit a checkpoint with finite weights")
    return HeadMath(W, head.bias_vector(), head.softcap, head.head_type)


def _symmetries(head: Head) -> tuple[bool, bool]:
    def issue(symmetry: SymmetryName) -> PairIssue | None:
        return symmetry_issue(symmetry, head_type=head.head_type, softcap=head.softcap,
                              has_norm=head.final_norm is not None, normalized_rows=head.normalized_rows)

    return issue("translate") is None, issue("rescale") is None


def _range(W: np.ndarray, i: int, j: int, sym: tuple[bool, bool]) -> list[float] | None:
    r = cosine_range(W[i], W[j], translate=sym[0], rescale=sym[1])
    return None if r is None else [round(r[0], 6), round(r[1], 6)]


def check_top(head: Head, top: int | None) -> int:
    """`--top` checked against the head; None → 10, or V when the head has fewer labels."""
    if top is None:
        return min(10, head.n_rows)
    if top < 1 or top > head.n_rows:
        raise UsageError(f"--top {top} is outside 1 … {head.n_rows} (the head's labels)",
                         hint=f"pass --top between 1 and {head.n_rows}")
    return top


def _notes(head: Head, top_counts: list[int], names: list[str], hidden: HiddenStates) -> list[str]:
    notes = []
    never = [n for n, c in zip(names, top_counts, strict=True) if c == 0]
    if never:
        notes.append("runner_up_rate is undefined (n/a, not 0) for " + ", ".join(never)
                     + f": never the top prediction on these {hidden.values.shape[0]} inputs")
    if head.head_type == "sigmoid":
        notes.append("sigmoid head: correlation of logits and co-firing at p > 0.5. For such a head the "
                     "cosines of the rows do carry information (which label combinations can be predicted, "
                     "Nielsen & Grivas v2, Lemma 5.3), but not how often labels co-occur on data")
    if head.softcap is not None:
        notes.append(f"logits soft-capped (cap·tanh(z/cap), cap = {head.softcap:g}) before the softmax, "
                     "as the model does")
    return notes


def run_similar(head: Head, hidden: HiddenStates, labels: list[ResolvedLabel] | None = None, *,
                label: ResolvedLabel | None = None, k: int = 10, top: int | None = None, seed: int = 0,
                progress: Progress | None = None) -> SimilarReport:
    """The report for chosen labels (matrices) or for one label against the vocabulary."""
    top = check_top(head, top)
    if (label is None) == (not labels):
        raise UsageError("give --labels (two or more) or --label with --k", hint="e.g. --labels dog cat car")
    hm = head_math(head)
    if label is not None:
        return _vocab_report(head, hm, hidden, label, k=k, top=top, seed=seed, progress=progress)
    if len(labels or []) < 2:
        raise UsageError("similarity needs at least two labels", hint="e.g. --labels dog cat, or --label dog --k 10")
    return _pair_report(head, hm, hidden, list(labels or []), top=top, seed=seed, progress=progress)


def _common(head: Head, hm: HeadMath, hidden: HiddenStates, top: int) -> dict[str, Any]:
    return {
        "checkpoint": head.facts(),
        "head_type": head.head_type,
        "n_inputs": int(hidden.values.shape[0]),
        "hidden_source": hidden.source,
        "top": top,
        "threshold": hm.threshold if head.head_type == "sigmoid" else None,
        "semantics": semantics(head.head_type, top, hm.threshold),
        "invariance": invariance(*_symmetries(head)),
        "precision": hm.dtype.name,
    }


def _valid_rows(head: Head) -> int:
    return int(head.n_vocab) if head.n_vocab else head.n_rows


def _pair_report(head: Head, hm: HeadMath, hidden: HiddenStates, labels: list[ResolvedLabel], *,
                 top: int, seed: int, progress: Progress | None) -> SimilarReport:
    ids = [lab.id for lab in labels]
    rng = np.random.default_rng(seed)
    pool = np.setdiff1d(np.arange(_valid_rows(head)), ids)
    extra = sorted(rng.choice(pool, size=min(SCATTER_LABELS, pool.size), replace=False).tolist())
    stats = pair_similarity(hm, hidden.values, ids + extra, top=top, progress=progress)
    W = hm.weight
    all_ids = ids + extra
    cos_all = cosine_matrix(W[all_ids])
    mu = W.astype(np.float64).mean(axis=0)
    cen_all = cosine_matrix(W[all_ids].astype(np.float64) - mu)
    m = len(ids)
    sym = _symmetries(head)
    sub = np.ix_(range(m), range(m))
    names = [lab.label for lab in labels]
    tops = [int(c) for c in stats.top_count[:m]]
    return SimilarReport(
        labels=[lab.to_json() for lab in labels],
        logprob_correlation=_matrix(stats.correlation[sub]),
        cotop_rate=_matrix(stats.cotop[sub]),
        runner_up_rate=_matrix(stats.runner_up[sub]),
        cosine=_matrix(cos_all[sub]),
        centered_cosine=_matrix(cen_all[sub]),
        cosine_range=[[None if a == b else _range(W, ids[a], ids[b], sym) for b in range(m)] for a in range(m)],
        top_counts=tops,
        notes=_notes(head, tops, names, hidden),
        scatter=_pair_scatter(stats, cos_all, m, seed),
        **_common(head, hm, hidden, top),
    )


def _pair_scatter(stats: PairStats, cos: np.ndarray, m: int, seed: int) -> dict[str, Any]:
    iu = np.triu_indices(cos.shape[0], k=1)
    chosen = [(a < m and b < m) for a, b in zip(*iu, strict=True)]
    return {"cosine": [_num(x) for x in cos[iu]], "correlation": [_num(x) for x in stats.correlation[iu]],
            "chosen": chosen, "seed": seed, "what": "pairs among the chosen labels and 40 seeded random labels"}


def _vocab_report(head: Head, hm: HeadMath, hidden: HiddenStates, label: ResolvedLabel, *, k: int, top: int,
                  seed: int, progress: Progress | None) -> SimilarReport:
    st = vocab_similarity(hm, hidden.values, label.id, top=top, progress=progress)
    W = hm.weight
    cos, cen = _row_cosines(W, label.id)
    n_valid = _valid_rows(head)
    others = np.array([j for j in range(n_valid) if j != label.id], dtype=np.int64)
    corr = np.where(np.isfinite(st.correlation[others]), st.correlation[others], -np.inf)
    order = others[np.lexsort((others, -corr))][:k]
    sym = _symmetries(head)

    def entry(j: int) -> dict[str, Any]:
        return {"label": head.label_of(int(j)), "id": int(j), "logprob_correlation": _num(st.correlation[j]),
                "cotop_rate": _num(st.cotop[j]), "runner_up_rate": _num(st.runner_up[j]),
                "cosine": _num(cos[j]), "centered_cosine": _num(cen[j]),
                "cosine_range": _range(W, label.id, int(j), sym)}

    cos_sorted = np.where(np.isfinite(cos[others]), cos[others], -np.inf)
    by_cos = others[np.lexsort((others, -cos_sorted))][:k]
    tops = [st.top_count]
    return SimilarReport(
        labels=[label.to_json()],
        label=label.to_json(),
        logprob_correlation=None, cotop_rate=None, runner_up_rate=None, cosine=None, centered_cosine=None,
        cosine_range=None,
        neighbours=[entry(int(j)) for j in order],
        cosine_neighbours=[entry(int(j)) for j in by_cos],
        top_counts=tops,
        notes=_notes(head, tops, [label.label], hidden),
        scatter=_vocab_scatter(st, cos, others, seed),
        **_common(head, hm, hidden, top),
    )


def _row_cosines(W: np.ndarray, i: int) -> tuple[np.ndarray, np.ndarray]:
    """Raw and centered cosines of row i with every row (float64 out; NaN for zero rows)."""
    w = W[i].astype(np.float64)
    mu = W.mean(axis=0, dtype=np.float64)
    sq = np.einsum("ij,ij->i", W, W, dtype=np.float64)
    dots = (W @ W[i]).astype(np.float64)
    c = w - mu
    cdots = (W @ c.astype(W.dtype)).astype(np.float64) - float(mu @ c)
    csq = np.maximum(sq - 2 * (W @ mu.astype(W.dtype)).astype(np.float64) + float(mu @ mu), 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        raw = dots / np.sqrt(sq * float(w @ w))
        cen = cdots / np.sqrt(csq * float(c @ c))
    return np.clip(raw, -1, 1), np.clip(cen, -1, 1)


def _vocab_scatter(st: VocabStats, cos: np.ndarray, others: np.ndarray, seed: int) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    pick = np.sort(rng.choice(others, size=min(SCATTER_PAIRS, others.size), replace=False))
    return {"cosine": [_num(x) for x in cos[pick]], "correlation": [_num(x) for x in st.correlation[pick]],
            "chosen": [False] * len(pick), "seed": seed,
            "what": f"the label with {len(pick)} seeded rows of the vocabulary"}


def behaviour(head: Head, labels: list[ResolvedLabel], hidden: Path | None = None) -> list[dict[str, Any]]:
    """For `flip` and `inspect`: each pair of chosen labels' log-prob correlation and cosine range,
    when hidden states are available (`--hidden`, or the checkpoint's own); else nothing."""
    if hidden is None and (head.root is None or not (head.root / SHIPPED).is_file()):
        return []
    ids = list(dict.fromkeys(lab.id for lab in labels))
    if len(ids) < 2:
        return []
    states = load_hidden(head, hidden)
    hm = head_math(head)
    stats = pair_similarity(hm, states.values, ids, top=min(10, head.n_rows))
    names = {lab.id: lab.label for lab in labels}
    sym = _symmetries(head)
    cos = cosine_matrix(hm.weight[ids])
    return [{"labels": [names[ids[a]], names[ids[b]]], "ids": [ids[a], ids[b]],
             "logprob_correlation": _num(stats.correlation[a, b]), "cosine": _num(cos[a, b]),
             "cosine_range": _range(hm.weight, ids[a], ids[b], sym), "n_inputs": stats.n_inputs,
             "hidden_source": states.source}
            for a in range(len(ids)) for b in range(a + 1, len(ids))]
