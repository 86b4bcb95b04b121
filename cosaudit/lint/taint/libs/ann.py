"""Nearest-neighbour indexes other than FAISS: Annoy (`AnnoyIndex(d, "angular")`), hnswlib
(`hnswlib.Index(space="cosine", dim=d)`) and gensim's `KeyedVectors` (cosine by construction).

Rows of the head added to such an index (`add_item(i, W[i])` in a loop, `add_items(W)`,
`add_vectors(words, W)`) and then queried by one of them (`get_nns_by_item(i, n)`,
`most_similar("king")`, `knn_query(W[:5], k)`) are compared with each other by cosine (an
angular or cosine index; an inner-product one gives their dot products); queried by a vector we
do not follow, every row is ranked by cosine with it (a cosine lens). An inner-product or
Euclidean index over raw rows queried by other vectors ranks logits or distances: left alone."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import PurePath
from typing import Any

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs.common import CallSite, Handler, table
from cosaudit.lint.taint.syntax import const, string_value
from cosaudit.lint.taint.values import INPUT, LABEL, NOTHING, ROWS, SEL, VEC, Taint, TupleVal, unfollowed

_METRICS = {"angular": "cosine", "cosine": "cosine", "dot": "dot", "ip": "dot", "euclidean": "euclid", "l2": "euclid"}


@dataclass
class VectorIndex:
    """An index and the label rows added to it (None until rows are added)."""

    kind: str  # cosine | dot | euclid
    data: Taint | None = None


def annoy(an: AnalyzerHost, c: CallSite) -> Any:
    metric = c.kw("metric") or (c.node.args[1] if len(c.node.args) > 1 else None)
    kind = _METRICS.get(str(const(metric))) if metric is not None else None
    return VectorIndex(kind) if kind else NOTHING


def hnsw(an: AnalyzerHost, c: CallSite) -> Any:
    """`hnswlib.Index(space="cosine", dim=d)` (not `pd.Index(...)`: only with a `space`)."""
    space = c.kw("space") or (c.node.args[0] if c.node.args and c.owner == "hnswlib" else None)
    kind = _METRICS.get(str(const(space))) if space is not None else None
    return VectorIndex(kind) if kind else NOTHING


def keyed_vectors(an: AnalyzerHost, c: CallSite) -> Any:
    return VectorIndex("cosine")


def word2vec_export(an: AnalyzerHost, c: CallSite) -> Any:
    """`KeyedVectors.load_word2vec_format("bert-base-uncased.30522.768d.vec")`: a token table exported
    in word2vec's format, from a checkpoint the file's name gives; gensim compares its rows by cosine.
    Only a name of a checkpoint that ties the table to its head and adds learned positions (BERT,
    GPT-2, RoBERTa) makes the rows a head's; a word2vec or GloVe file stays a word2vec file."""
    path = string_value(c.node.args[0], an.strings) if c.node.args else None
    name = PurePath(path).name if path is not None else ""
    if not (P.TIED_WITH_POSITIONS.search(name) or P.TIED_FAMILY_WORD.search(name)):
        return NOTHING
    return VectorIndex("cosine", Taint(INPUT, ROWS, source=f"{c.name}({path!r})", table=True))


CONSTRUCTORS: dict[str, Handler] = {
    **table(annoy, "AnnoyIndex"),
    **table(hnsw, "Index"),
    **table(keyed_vectors, "KeyedVectors"),
}

FUNCTIONS: dict[str, Handler] = table(word2vec_export, "load_word2vec_format")

_ADD = {"add_item": 1, "add_items": 0, "add_vectors": 1, "add": 1}
_BY_ITEM = {"get_nns_by_item", "get_distance", "most_similar", "similarity", "distance", "most_similar_cosmul"}
_BY_VECTOR = {"get_nns_by_vector", "knn_query", "similar_by_vector"}


def _added(idx: VectorIndex, value: Any) -> None:
    if isinstance(value, Taint) and value.kind == LABEL and value.orient in (ROWS, SEL, VEC):
        idx.data = replace(value, orient=ROWS if value.orient == VEC else value.orient)


def index_method(an: AnalyzerHost, c: CallSite) -> Any:
    idx: VectorIndex = c.receiver
    meth = c.method.attr
    args = [an.eval(a, c.env) for a in c.node.args]
    for k in c.node.keywords:
        an.eval(k.value, c.env)
    if meth in _ADD:
        position = _ADD[meth]
        _added(idx, args[position] if len(args) > position else None)
        return None
    data = idx.data
    if data is None or (meth not in _BY_ITEM and meth not in _BY_VECTOR):
        return None
    kind = "cosine" if data.normalized and idx.kind == "dot" else idx.kind
    query = args[0] if args else None
    if meth in _BY_ITEM or (isinstance(query, Taint) and query.kind == LABEL):
        sim = an._sink(kind, data, data, c.node, meth)
    elif kind == "cosine" and unfollowed(query):
        sim = an._sink("cosine", data, None, c.node, meth)
    else:
        return None
    an._derive(sim, "display", c.node, meth)
    return TupleVal([sim, sim]) if meth == "knn_query" else sim

