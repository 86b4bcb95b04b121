"""Self-similarity helpers: functions that compare the rows of the one matrix they are given.

A helper's body is followed when the helper is defined in the file, or in another module of the
scan (`functions.py`, `imports.py`). A helper we cannot read (a module outside the scan, a
method of an object we do not follow) is judged by what a call says: a function whose name says
it computes cosines, angles or a similarity / Gram matrix (`pairwise_cosine`,
`compute_pairwise_angle`, `cos_sim_matrix`, `gram`), given one label matrix and nothing else to
compare it with (or the same matrix twice), can only compare that matrix's rows with each other.
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from typing import Any

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs.common import CallSite
from cosaudit.lint.taint.syntax import access_path
from cosaudit.lint.taint.values import COLS, LABEL, NOTHING, PARAM, ROWS, SEL, Event, Sim, Taint

# a name that says cosines / angles / a similarity matrix (`pairwise_cos_sim`, `angle_matrix`,
# `get_cosine_similarities`, `mutual_coherence`, `equiangular_W_error`) ...
_SIMILARITY_NAME = re.compile(
    r"(?:^|_)(?:cos(?:ine)?s?|cossim|cos_?sims?|angles?|angular|equiangular(?:ity)?|similarit(?:y|ies)|sims?"
    r"|coherence)(?:_|$)"
    r"|cos(?:ine)?_?sim|cossim",
    re.I,
)
# ... or a Gram matrix (raw inner products: a dot product of the rows)
_GRAM_NAME = re.compile(r"(?:^|_)gram(?:_|$)", re.I)
# names about something else than ranking the nearest labels (a loss or a plot taking the matrix)
_OTHER_NAME = re.compile(r"loss|penalty|plot|show|draw|log_|print|save|init|reg(?:ulari[sz]|$|_)", re.I)
# ... but a helper named for the similarity it shows compares the rows it is given before it plots them
# (`compute_and_plot_similarity_panels(rows, words, out_dir)`): only a loss, an initialiser or a cosine
# learning-rate schedule (`cos_schedule`, `cosine_annealing`, `cos_lr`) is not a report
_NOT_A_REPORT = re.compile(r"loss|penalty|init|reg(?:ulari[sz]|$|_)|schedul|anneal|warm_?up|(?:^|_)lr(?:_|$)", re.I)
# arguments beside the matrix that are no vectors: the labels it is shown with, where it is saved, a title
_NOT_VECTORS = re.compile(
    r"(?:^|_)(?:words?|labels?|tokens?|names?|classes|vocab|keys?|tags?|dir|path|file|fname|filename|title|prefix|suffix|"
    r"out|figs?|figures?|plots?)"
    r"(?:_?list)?$",
    re.I,
)


_ELEMENTWISE = {"cos", "cosh", "angle"}
_OPTIONS = {"dim", "axis", "eps", "device", "dtype", "metric", "degrees"}


def _matrix(v: Any) -> bool:
    if isinstance(v, Taint) and v.kind == PARAM:
        return not v.row  # a helper's argument, judged where the helper is called
    return isinstance(v, Taint) and v.kind == LABEL and v.orient in (ROWS, COLS, SEL) and not v.row


def _not_vectors(node: ast.AST) -> bool:
    """An argument named as labels, a path or a title (`words`, `PLOTS_DIR`, `out_path`): no vectors."""
    name = access_path(node) or ""
    return bool(name) and bool(_NOT_VECTORS.search(name.rsplit(".", 1)[-1]))


def _alone(c: CallSite) -> Taint | None:
    """The one label matrix a call is given with nothing else to compare it with: the only
    tensor-like positional argument, or the same matrix twice (`pairwise_cos(W, W)`)."""
    pairs = list(zip(c.args, c.node.args, strict=False)) + [
        (c.kwargs.get(k.arg), k.value) for k in c.node.keywords if k.arg and k.arg not in _OPTIONS
    ]
    tensors = [v for v, node in pairs if not (isinstance(node, (ast.Constant, ast.JoinedStr)) or _not_vectors(node))]
    heads = [v for v in tensors if _matrix(v)]
    if not heads or len(heads) != len(tensors):
        return None  # another operand we do not follow: a lens or a cross-comparison, not this rule
    if len(heads) == 2 and (heads[0].source != heads[1].source or not heads[0].source):
        return None
    return heads[0] if len(heads) <= 2 else None


def by_name(an: AnalyzerHost, c: CallSite) -> Any:
    """`compute_pairwise_angle(W)`, `utils.cos_sim_matrix(head)`: a helper we cannot read, named for
    cosines / angles / a Gram matrix and given one label matrix alone, compares its rows pairwise."""
    name = c.name
    if _NOT_A_REPORT.search(name) or c.owner.split(".")[0] in P.NUMERIC_LIBRARIES or name in _ELEMENTWISE:
        return NOTHING  # `np.cos(W)`, `np.angle(z)`: elementwise, not a comparison of rows
    gram = bool(_GRAM_NAME.search(name))
    if not gram and not _SIMILARITY_NAME.search(name):
        return NOTHING
    head = _alone(c)
    if head is None:
        return NOTHING
    what = "named for a Gram matrix" if gram else "named for pairwise cosines"
    return _named_helper(an, c, head, "dot" if gram else "cosine", what)


# a helper named for exactly a cosine of two operands (`cosine_sim_matrix(M, v)`, `cos_dist(a, b)`,
# `pairwise_cosine_similarity(x, W)`): the name is all it says, so it is read as sklearn's
# `cosine_similarity`, rows against rows
_COSINE_FN_NAME = re.compile(
    r"^(?:pairwise_|batch_|compute_|calc_|get_)?cos(?:ine)?_?(?:sim(?:ilarit(?:y|ies))?s?|dist(?:ances?|s)?"
    # `cos_many(rows, v)`, `cosine_all(W, q)`, `cos_pairs(A, B)`: named for how many they compare
    r"|_(?:many|all|one|pairs?|matrix))"
    r"(?:_?(?:matrix|mat|mtx|np|torch|batch))?$",
    re.I,
)


def cosine_by_name(an: AnalyzerHost, c: CallSite) -> Any:
    """`cosine_sim_matrix(output_matrix, vector)` of a helper we cannot read (imported from a module
    outside the scan), given two operands one of which holds label rows: a cosine of what it is
    given, judged by its name (medium confidence)."""
    if not _COSINE_FN_NAME.match(c.name) or c.owner.split(".")[0] in P.NUMERIC_LIBRARIES:
        return NOTHING
    if len(c.node.args) != 2 or any(k.arg not in _OPTIONS for k in c.node.keywords):
        return NOTHING
    if not any(isinstance(v, Taint) and v.kind == LABEL for v in c.args):
        return NOTHING
    args = [replace(v, confidence="medium") if isinstance(v, Taint) else v for v in c.args]
    return an._cosine_sink(args, c.node, None, torch_style=False, what=f"{c.name}, named for cosines")


def _named_helper(an: AnalyzerHost, c: CallSite, head: Taint, kind: str, what: str, *, warning: bool = False) -> Sim:
    """The event of a helper we cannot read, judged by its name: its body is not in the scan, so
    the name is the evidence (medium confidence)."""
    head = replace(head, confidence="medium")
    ev = Event(kind, head, head, an._pos(c.node), what, helper=c.name, by_name=warning)
    an._emit(ev)
    return Sim(ev)


# a name that says the nearest labels by similarity (`find_closest_tokens`, `nearest_neighbours`,
# `most_similar`, `get_similar_words`, `knn_tokens`) ...
_NEAREST_NAME = re.compile(r"(?:^|_)(?:closest|nearest|similar|knn|neighbou?rs?)(?:_|$)", re.I)
# ... not of logits (a decoding), of class means or features (a classifier), nor a loss or a plot
_NOT_NEAREST = re.compile(r"logit|decod|mean|centroid|center|centre|feat|class", re.I)
# what else the call is given: the query label and the tokenizer that turns it into a row index
_QUERY = re.compile(
    r"(?:^|_)(?:tok(?:en)?s?|words?|labels?|ids?|idx|vocab|queries|query|tokeni[sz]er|itos)(?:_|$)", re.I
)
# data that would make it a comparison of other vectors with the rows (a lens), not of rows
_DATA = re.compile(
    r"hidden|state|act(?:ivation)?s?(?:_|$)|feat|emb|vec|logit|mean|centroid|inputs?(?:_emb|$)|^[xh]$|sentence|model|encoder",
    re.I,
)
_RANK_OPTIONS = _OPTIONS | {"k", "top_k", "topk", "n", "top_n", "num", "limit", "exclude_self", "verbose"}


def _nearest_query(c: CallSite) -> Taint | None:
    """The one head matrix of a call that is otherwise given a label to look up (a string, a
    token id, a `word`) and a tokenizer: nothing that could be other vectors compared with it."""
    named = [(v, node) for v, node in zip(c.args, c.node.args, strict=False)] + [
        (c.kwargs.get(k.arg), k.value) for k in c.node.keywords if k.arg and k.arg not in _RANK_OPTIONS
    ]
    heads = [v for v, _ in named if _matrix(v)]
    if len(heads) != 1:
        return None
    if any(v is not None and not _matrix(v) for v, _ in named):
        return None  # a value we follow beside the head (hidden states, input embeddings, a similarity)
    others = [node for v, node in named if v is None]
    words = [(access_path(n) or "").rsplit(".", 1)[-1] for n in others if not isinstance(n, ast.Constant)]
    if any(not w or _DATA.search(w) for w in words):
        return None
    said = any(isinstance(n, ast.Constant) for n in others) or any(_QUERY.search(w) for w in words)
    return heads[0] if said else None


def nearest_by_name(an: AnalyzerHost, c: CallSite) -> Any:
    """`find_closest_tokens(word, tokenizer, lm_head_weight, top_k=5)`: a helper we cannot read,
    named for the nearest labels by similarity and given a head beside a label and a tokenizer,
    ranks the other rows by their similarity with that label's row. Its body is not in the scan
    and similarity may be a dot product: medium confidence, a warning."""
    name = c.name
    if not _NEAREST_NAME.search(name) or _NOT_NEAREST.search(name) or _OTHER_NAME.search(name):
        return NOTHING
    if c.owner.split(".")[0] in P.NUMERIC_LIBRARIES:
        return NOTHING
    head = _nearest_query(c)
    if head is None:
        return NOTHING
    return _named_helper(an, c, head, "cosine", "named for the nearest labels by similarity", warning=True)
