"""`cosaudit paper`: recompute the papers' worked examples with cosaudit's own core.

Input: the packaged copy of `paper-examples.json` (numbers of Nielsen (& Grivas), arXiv
2603.29488, from the authors' code). Everything checked is *recomputed* here — the −1 and +1
models by `core.symmetry`, tie pairs and argmaxable labels by `core.geometry`, rankings and
sign vectors by `core.patterns` — and set next to the papers' values. A report whose numbers do
not agree has `agree: false`; the CLI then exits 2.

Tolerances: values stored at full precision must agree to 1e-9 relative to their size; the
stored cosine matrices are rounded to 6 decimals, so they must agree to half a unit in the 6th
decimal (5e-7) plus the same relative slack. Counts and sets must be equal.
"""

from __future__ import annotations

import json
import math
from importlib import resources
from itertools import combinations
from typing import Any

import numpy as np

from cosaudit import __version__
from cosaudit.audit.reports import PaperReport
from cosaudit.core import geometry, patterns
from cosaudit.core import symmetry as sym
from cosaudit.core.cosine import cosine_matrix
from cosaudit.errors import DataError

SCHEMA = "cosaudit.paper/1"
REL_TOL = 1e-9
ROUNDED_6_TOL = 5e-7
PAPER_T = 0.5  # the authors' t in c = −w_i + t (w_j − w_i): t = −1/2 gives −1, t = +1/2 gives +1


def load_examples() -> dict[str, Any]:
    """The packaged copy of the papers' numbers."""
    try:
        text = (
            resources.files("cosaudit")
            .joinpath("data", "paper-examples.json")
            .read_text(encoding="utf-8")
        )
    except (FileNotFoundError, OSError) as exc:  # a broken installation
        raise DataError(
            "the packaged paper-examples.json is missing",
            hint="reinstall cosaudit (pip install --force-reinstall cosaudit)",
        ) from exc
    return dict(json.loads(text))


# ----------------------------------------------------------------------------- comparisons


def _tolerance(paper: Any, base: float) -> float:
    arr = np.abs(np.asarray(paper, dtype=np.float64))
    scale = float(arr.max()) if arr.size else 0.0
    return base + REL_TOL * max(1.0, scale)


def _check(
    example: str,
    quantity: str,
    computed: Any,
    paper: Any,
    *,
    rounded: bool = False,
    exact: bool = False,
) -> dict[str, Any]:
    """One line of the comparison: numbers within tolerance, or sets/counts equal."""
    if exact:
        agree = computed == paper
        return {
            "example": example,
            "quantity": quantity,
            "computed": _plain(computed),
            "paper": _plain(paper),
            "tolerance": 0,
            "max_abs_diff": None,
            "agree": bool(agree),
        }
    c = np.asarray(computed, dtype=np.float64)
    p = np.asarray(paper, dtype=np.float64)
    tol = _tolerance(p, ROUNDED_6_TOL if rounded else 0.0)
    if c.shape != p.shape:
        diff = math.inf
    else:
        diff = float(np.max(np.abs(c - p))) if c.size else 0.0
    return {
        "example": example,
        "quantity": quantity,
        "computed": _plain(computed),
        "paper": _plain(paper),
        "tolerance": tol,
        "max_abs_diff": diff if math.isfinite(diff) else None,
        "agree": bool(diff <= tol),
    }


def _plain(x: Any) -> Any:
    if isinstance(x, np.ndarray):
        return x.tolist()
    if isinstance(x, (np.floating, np.integer)):
        return x.item()
    return x


def _tie_pairs(W: np.ndarray) -> list[list[int]]:
    return [
        [i, j]
        for i, j in combinations(range(W.shape[0]), 2)
        if geometry.tieable(W, None, i, j).tieable
    ]


def _top_labels(W: np.ndarray) -> list[int]:
    return [i for i in range(W.shape[0]) if geometry.argmaxable(W, None, i).argmaxable]


def _rankings(W: np.ndarray) -> set[tuple[int, ...]]:
    return set(patterns.patterns(W, None, list(range(W.shape[0])), kind="rankings").patterns)


# ----------------------------------------------------------------------------- the examples


def _unrestricted(ex: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Nielsen's unrestricted example: the −1/+1 models, the same behaviour on the inputs of
    Fig. 1a, and the same identifiable answers in all three models."""
    W1 = np.asarray(ex["W_model1"], dtype=np.float64)
    i, j = (int(k) for k in ex["labels_compared"])
    models, checks = _unrestricted_models(ex, W1, i, j)
    X, am, behaviour = _unrestricted_behaviour(ex, models)
    identifiable, ties = _unrestricted_identifiable(ex, models)
    arrays = {
        "inputs": X,
        "argmax": am,
        "models": [
            ("model 1", W1),
            ("−1 model", models["minus1_model"]),
            ("+1 model", models["plus1_model"]),
        ],
        "pair": (i, j),
        "ties": ties,
    }
    return checks + behaviour + identifiable, arrays


def _unrestricted_models(
    ex: dict[str, Any], W1: np.ndarray, i: int, j: int
) -> tuple[dict[str, np.ndarray], list[dict[str, Any]]]:
    """The −1 and +1 models (the paper's translations and flip's least-norm ones), their cosines."""
    name = "unrestricted"
    c_minus = sym.paper_translation(W1[i], W1[j], -PAPER_T)
    c_plus = sym.paper_translation(W1[i], W1[j], PAPER_T)
    models = {"model1": W1, "minus1_model": W1 + c_minus, "plus1_model": W1 + c_plus}
    checks = [
        _check(name, "translation c of the −1 model", c_minus, ex["c_minus1"]),
        _check(name, "translation c of the +1 model", c_plus, ex["c_plus1"]),
        _check(
            name,
            "flip's least-norm c for −1 (same model)",
            sym.least_norm_translation(W1[i], W1[j], -1.0).c,
            ex["c_minus1"],
        ),
        _check(
            name,
            "flip's least-norm c for +1 (same model)",
            sym.least_norm_translation(W1[i], W1[j], 1.0).c,
            ex["c_plus1"],
        ),
        _check(name, "W of the −1 model", models["minus1_model"], ex["W_minus1_model"]),
        _check(name, "W of the +1 model", models["plus1_model"], ex["W_plus1_model"]),
    ]
    for key, W in models.items():
        checks.append(_check(name, f"cos(w{i}, w{j}), {key}", sym.cosine(W[i], W[j]), ex["cos_01"][key]))
    for key, field in (
        ("model1", "cos_matrix_model1"),
        ("minus1_model", "cos_matrix_minus1_model"),
        ("plus1_model", "cos_matrix_plus1_model"),
    ):
        checks.append(_check(name, f"cosine matrix, {key}", cosine_matrix(models[key]), ex[field], rounded=True))
    return models, checks


def _unrestricted_behaviour(
    ex: dict[str, Any], models: dict[str, np.ndarray]
) -> tuple[np.ndarray, np.ndarray, list[dict[str, Any]]]:
    """Fig. 1a's inputs: the same argmax everywhere and probabilities equal to float64 rounding."""
    name = "unrestricted"
    emb = ex["embeddings_fig1a"]
    X = np.random.default_rng(seed=int(emb["seed"])).standard_normal((int(emb["n"]), int(emb["d"])))
    checks = [
        _check(name, "first three inputs", X[:3], emb["first_three_rows"]),
        _check(name, "mean of the inputs", X.mean(axis=0), emb["mean"]),
    ]
    logits = {k: X @ W.T for k, W in models.items()}
    am = np.argmax(logits["model1"], axis=1)
    counts = np.bincount(am, minlength=models["model1"].shape[0]).tolist()
    checks.append(
        _check(name, "argmax label counts", counts, emb["argmax_label_counts_labels_0_to_4"], exact=True)
    )
    same = all(np.array_equal(np.argmax(z, axis=1), am) for z in logits.values())
    checks.append(
        _check(
            name,
            f"same argmax on all {X.shape[0]} inputs",
            same,
            ex["checks"]["same_argmax_on_all_1000_embeddings"],
            exact=True,
        )
    )
    p1 = sym.softmax(logits["model1"])
    rounding = 64 * float(np.finfo(np.float64).eps)
    for key in ("minus1_model", "plus1_model"):
        diff = float(np.max(np.abs(sym.softmax(logits[key]) - p1)))
        paper_diff = float(ex["checks"]["max_abs_softmax_prob_diff_vs_model1"][key])
        checks.append(
            {
                "example": name,
                "quantity": f"max |Δp| vs model1, {key} (≤ 64 ulp of 1)",
                "computed": diff,
                "paper": paper_diff,
                "tolerance": rounding,
                "max_abs_diff": None,
                # both are float64 rounding noise: agree when both are below 64 ulp of 1
                "agree": bool(diff <= rounding and paper_diff <= rounding),
            }
        )
    return X, am, checks


def _unrestricted_identifiable(
    ex: dict[str, Any], models: dict[str, np.ndarray]
) -> tuple[list[dict[str, Any]], list[Any]]:
    """Rankings, tie pairs and sigmoid sign vectors: the same in the three models."""
    name = "unrestricted"
    rankings = {k: _rankings(W) for k, W in models.items()}
    checks = [
        _check(
            name,
            "number of rankings, each model",
            [len(r) for r in rankings.values()],
            [ex["checks"]["n_rankings_each_model"]] * 3,
            exact=True,
        ),
        _check(
            name,
            "ranking patterns identical in the three models",
            rankings["model1"] == rankings["minus1_model"] == rankings["plus1_model"],
            ex["checks"]["ranking_patterns_identical"],
            exact=True,
        ),
    ]
    ties = {k: _tie_pairs(W) for k, W in models.items()}
    for key, t in ties.items():
        checks.append(_check(name, f"tie pairs, {key}", t, ex["checks"]["tie_pairs_all_models"], exact=True))
    sv = {
        k: patterns.patterns(W, None, list(range(W.shape[0])), kind="sign_vectors").count
        for k, W in models.items()
    }
    checks.append(
        _check(
            name,
            "sigmoid sign vectors (model1, −1, +1)",
            [sv[k] for k in models],
            [ex["checks"]["sigmoid_sign_vectors_count"][k] for k in models],
            exact=True,
        )
    )
    return checks, ties["model1"]


def _centered(
    name: str, ex: dict[str, Any], pairs: list[tuple[int, int]]
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    W = np.asarray(ex["W"], dtype=np.float64)
    checks = [
        _check(name, "row sum", W.sum(axis=0), ex["row_sum"]),
        _check(name, "row norms", np.linalg.norm(W, axis=1), ex["norms"]),
    ]
    for i, j in pairs:
        checks.append(_check(name, f"cos(w{i}, w{j})", sym.cosine(W[i], W[j]), ex[f"cos_{i}{j}"]))
    checks.append(_check(name, "cosine matrix", cosine_matrix(W), ex["cos_matrix"], rounded=True))
    ties = _tie_pairs(W)
    checks.append(_check(name, "tie pairs", ties, ex["tie_pairs"], exact=True))
    checks.append(
        _check(name, "possible top labels", _top_labels(W), ex["possible_top_labels"], exact=True)
    )
    checks.append(
        _check(name, "number of rankings", len(_rankings(W)), ex["n_rankings"], exact=True)
    )
    return checks, {"W": W, "ties": ties, "pairs": pairs}


def run_paper(examples: dict[str, Any] | None = None) -> PaperReport:
    """Recompute the three worked examples; the report lists every check and whether all agree."""
    ex = load_examples() if examples is None else examples
    try:
        unr_checks, unr = _unrestricted(ex["unrestricted"])
        cen_checks, cen = _centered("centered", ex["centered"], [(0, 1), (1, 2), (2, 4)])
        cul = ex["centered_unit_length"]
        s = math.sqrt(1.0 - 0.95**2)
        unit_checks = [_check("centered_unit_length", "s = sqrt(1 − 0.95²)", s, cul["s"])]
        more, unit = _centered("centered_unit_length", cul, [(0, 1), (1, 3)])
        unit_checks += more
        W = unit["W"]
        angles = np.degrees(np.arctan2(W[:, 1], W[:, 0])) % 360.0
        unit_checks.append(
            _check("centered_unit_length", "angles (degrees)", angles, cul["angles_deg"])
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise DataError(
            f"paper-examples.json does not have the expected fields ({type(exc).__name__}: {exc})",
            hint="reinstall cosaudit; the packaged copy must match the papers' examples",
        ) from exc
    checks = unr_checks + cen_checks + unit_checks
    failed = [c for c in checks if not c["agree"]]
    data = {
        "schema": SCHEMA,
        "cosaudit_version": __version__,
        "source": ex.get("_about", {}).get("papers", {}),
        "agree": not failed,
        "n_checks": len(checks),
        "n_failed": len(failed),
        "checks": checks,
    }
    return PaperReport(data, arrays={"unrestricted": unr, "centered": cen, "centered_unit_length": unit})
