"""scikit-learn and scipy: pairwise metrics and distances (`pdist`, `cdist`,
`pairwise_distances`, `euclidean_distances`), clustering and embedding estimators with a metric
(`linkage`, `NearestNeighbors`, t-SNE, UMAP), linear probes and `StandardScaler`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs.common import CallSite, Handler, table
from cosaudit.lint.taint.syntax import const
from cosaudit.lint.taint.values import NOTHING, ModelObj, Sim, SinkFn, Taint

_ESTIMATORS = {"TSNE", "UMAP", "NearestNeighbors", "AgglomerativeClustering", "KNeighborsClassifier"}
# clustering by distance (Euclidean unless `metric=` / `affinity=`): over unit rows, by their cosines
_CLUSTERERS = ("KMeans", "MiniBatchKMeans", "DBSCAN", "HDBSCAN", "OPTICS", "SpectralClustering", "KMedoids")
_PROBES = ("LogisticRegression", "LogisticRegressionCV", "LinearSVC", "RidgeClassifier", "SGDClassifier")


def _metric(c: CallSite) -> str | None:
    """`metric=` decides; else any positional string (linkage(X, 'average', 'cosine'));
    `method=` names the linkage rule, not the metric (ward implies Euclidean)."""
    metric = c.kw("metric", "affinity")  # `affinity=` before scikit-learn 1.2
    mval = const(metric) if metric is not None else None
    if mval is None:
        strings = [const(a) for a in c.node.args[1:] if isinstance(const(a), str)]
        mval = next((m for m in strings if m in ("cosine", "correlation")), None)
        if mval is None and (strings or c.kw("method") is not None):
            mval = "euclidean"
    return mval


def metric_call(an: AnalyzerHost, c: CallSite) -> Any:
    mval = _metric(c)
    if c.name in _ESTIMATORS or c.name in _CLUSTERERS:
        return SinkFn("cluster:" + str(mval or "euclidean"), None)
    data = c.args[0] if c.args else None
    # `cdist(A, B)` compares its two arguments, either of them label rows (`cdist(query[None], table,
    # "cosine")`: one vector against every row, the query written first)
    two = c.name == "cdist" and len(c.args) > 1 and isinstance(c.args[1], Taint)
    if isinstance(data, Taint) or (two and not isinstance(data, Sim)):
        other = c.args[1] if two else data
        if mval in ("cosine", "correlation"):
            sim = an._cosine_sink([data, other], c.node, None, torch_style=False, what=c.name, single=not two)
        else:
            sim = an._pair_sink(
                "euclid", [data, other], c.node, c.name, single=not two, torch_style=False, dim=None
            )
        if sim is not None and c.name == "linkage":
            an._derive(sim, "display", c.node, "linkage")
        return sim
    if isinstance(data, Sim):
        an._derive(data, "display", c.node, c.name)
        return data
    return None


def euclid_pair(an: AnalyzerHost, c: CallSite) -> Any:
    if len(c.args) < 2:
        return NOTHING
    return an._pair_sink("euclid", c.args[:2], c.node, c.name, single=False, torch_style=False, dim=None)


def euclid_matrix(an: AnalyzerHost, c: CallSite) -> Any:
    if not c.args:
        return NOTHING
    other = c.args[1] if len(c.args) > 1 else c.args[0]
    return an._pair_sink(
        "euclid", [c.args[0], other], c.node, c.name, single=len(c.args) == 1, torch_style=False, dim=None
    )


def kernel_call(an: AnalyzerHost, c: CallSite) -> Any:
    """`pairwise_kernels(W, metric="cosine")` is `cosine_similarity(W)`; `metric="linear"` and
    `linear_kernel(W)` are the Gram matrix `W @ W.T`; other kernels are left alone."""
    if not c.args:
        return NOTHING
    metric = const(c.kw("metric")) if c.name == "pairwise_kernels" else "linear"
    if metric is None and len(c.node.args) > 2:
        metric = const(c.node.args[2])
    if metric not in ("cosine", "linear"):
        return NOTHING
    other = c.args[1] if len(c.args) > 1 and c.args[1] is not None else c.args[0]
    return an._pair_sink(
        "cosine" if metric == "cosine" else "dot",
        [c.args[0], other],
        c.node,
        c.name,
        single=other is c.args[0],
        torch_style=False,
        dim=None,
    )


def probe(an: AnalyzerHost, c: CallSite) -> Any:
    return ModelObj(probe=True, coef_centered=c.name != "LinearDiscriminantAnalysis")


def scaler(an: AnalyzerHost, c: CallSite) -> Any:
    return ModelObj(scaler=True)


CONSTRUCTORS: dict[str, Handler] = {
    **table(probe, *_PROBES, "LinearDiscriminantAnalysis"),
    **table(scaler, "StandardScaler"),
}
FUNCTIONS: dict[str, Handler] = {
    **table(metric_call, *P.METRIC_CALLS, *_CLUSTERERS),
    **table(euclid_pair, "dist", "euclidean", "pairwise_distance"),
    **table(kernel_call, "pairwise_kernels", "linear_kernel"),
    **table(euclid_matrix, "euclidean_distances", "pairwise_euclidean_distance"),
}


def estimator_method(an: AnalyzerHost, c: CallSite) -> Any:
    """`NearestNeighbors(metric="cosine").fit(W)`, `TSNE(metric="cosine").fit_transform(W)`."""
    est: SinkFn = c.receiver
    meth = c.method.attr
    if not est.kind.startswith("cluster:") or meth not in ("fit", "fit_transform", "kneighbors", "fit_predict"):
        return NOTHING
    data = an.eval(c.node.args[0], c.env) if c.node.args else None
    metric = est.kind.split(":", 1)[1]
    if isinstance(data, Taint):
        if metric in ("cosine", "correlation"):
            sim = an._cosine_sink([data, data], c.node, None, torch_style=False, what=meth, single=True)
        else:
            sim = an._pair_sink("euclid", [data, data], c.node, meth, single=True, torch_style=False, dim=None)
        if sim is not None:
            an._derive(sim, "display", c.node, meth)
        return sim
    if isinstance(data, Sim):
        an._derive(data, "display", c.node, meth)
        return data
    return None


def fitted_method(an: AnalyzerHost, c: CallSite) -> Any:
    """A probe's `.fit` returns the probe; a scaler's `.fit_transform(W)` centers W."""
    obj: ModelObj = c.receiver
    meth = c.method.attr
    if obj.scaler and meth in ("fit_transform", "transform") and c.node.args:
        data = an.eval(c.node.args[0], c.env)
        return replace(data, centered=True) if isinstance(data, Taint) else None
    if meth == "fit" and obj.probe:
        return obj
    return NOTHING
