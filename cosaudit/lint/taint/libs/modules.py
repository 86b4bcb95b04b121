"""Heads found through `torch.nn` modules rather than by their tensor's name:
`model.get_output_embeddings()`, `model.classifier[-1]`, `list(model.fc.parameters())[0]`,
`next(model.fc.parameters())`, `list(model.parameters())[-2]` (the last layer's weight, ahead of
its bias), embedding tables built from head rows (`nn.Embedding.from_pretrained(W)`), and heads
picked by iterating `named_parameters()` / `state_dict().items()` / `f.keys()` under a test of
the name (the test itself is handled in `analyzer.refine`)."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from typing import Any

from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs.common import CallSite, Handler, table
from cosaudit.lint.taint.syntax import access_path, root_of
from cosaudit.lint.taint.values import (
    COLS,
    INPUT,
    LABEL,
    NOTHING,
    PARAM,
    ROWS,
    VEC,
    Children,
    ForeignObject,
    HeadFile,
    HeadModule,
    ParamList,
    Sim,
    Taint,
    TupleVal,
)


def parameters(an: AnalyzerHost, c: CallSite) -> Any:
    """`model.parameters()` on a model we know nothing else about."""
    func = c.node.func
    if not isinstance(func, ast.Attribute):
        return NOTHING
    path = access_path(func.value)
    return ParamList(None, root_of(path) if path else None)


def state_dict_values(an: AnalyzerHost, c: CallSite) -> Any:
    """`model.state_dict().values()`: the model's tensors in order, so that `list(...)[-2]` is, as for
    `parameters()`, usually the last layer's weight (ahead of its bias); a head module's weight comes first."""
    func = c.node.func
    receiver = func.value if isinstance(func, ast.Attribute) else None
    if not (isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Attribute)):
        return NOTHING
    if receiver.func.attr != "state_dict" or receiver.args:
        return NOTHING
    owner = an.eval(receiver.func.value, c.env)
    if isinstance(owner, HeadModule):
        return ParamList(owner)  # `model.fc.state_dict().values()`: the head's weight first
    path = access_path(receiver.func.value)
    return ParamList(None, root_of(path) if path else None)


def children(an: AnalyzerHost, c: CallSite) -> Any:
    """`model.children()` / `model.modules()`: its layers, the last of which is usually the head."""
    func = c.node.func
    path = access_path(func.value) if isinstance(func, ast.Attribute) else None
    return Children(path) if path else NOTHING


def sequential(an: AnalyzerHost, c: CallSite) -> Any:
    """`nn.Sequential(model.norm, model.lm_head)`: its items, so `seq[1]` is the head module."""
    if any(isinstance(a, HeadModule) for a in c.args) and not c.node.keywords:
        return TupleVal(list(c.args))
    return NOTHING


def listing(an: AnalyzerHost, c: CallSite) -> Any:
    """`list(m.parameters())`, `tuple(...)`: the same parameters (or layers), indexable."""
    return c.args[0] if len(c.args) == 1 and isinstance(c.args[0], (ParamList, Children)) else NOTHING


def first_parameter(an: AnalyzerHost, c: CallSite) -> Any:
    """`next(model.fc.parameters())`, `next(iter(head.parameters()))`: a head module's weight;
    `next(p for n, p in model.named_parameters() if "fc.weight" in n)`: the head the name test picks."""
    first = c.args[0] if c.args else None
    if isinstance(first, ParamList) and first.head is not None and len(c.args) == 1:
        return an._parameter(first, 0, c.env)
    if isinstance(first, TupleVal):
        return first.label_matrix() or NOTHING
    return NOTHING


def embedding_table(an: AnalyzerHost, c: CallSite) -> Any:
    """`nn.Embedding.from_pretrained(F.normalize(W, dim=-1))`: an embedding table whose weight
    is those rows (a call of it, `table(ids)`, picks rows; see `calls._callable_object`)."""
    rows = c.args[0] if c.args else c.kwargs.get("embeddings")
    if isinstance(rows, Taint) and rows.kind in (LABEL, INPUT) and rows.orient == ROWS:
        return replace(rows, table=True)
    if isinstance(rows, Taint) and rows.kind == PARAM and not rows.row:
        return replace(rows, table=True, orient=ROWS)  # a helper's matrix parameter, made a table
    return NOTHING


def head_accessor(an: AnalyzerHost, c: CallSite) -> Any:
    """`model.get_output_embeddings()`, `timm_model.get_classifier()`: the head module."""
    path = access_path(c.node)
    return HeadModule(path) if path else NOTHING


def fasttext_output_matrix(an: AnalyzerHost, c: CallSite) -> Any:
    """fastText's `get_output_matrix()`: in a supervised classifier, one softmax row per label; in
    an unsupervised model (negative sampling) the context vectors, no softmax head."""
    if not an.fasttext_supervised:
        return NOTHING
    return Taint(LABEL, ROWS, source=access_path(c.node) or "get_output_matrix()", confidence="medium")


# a file whose name says it holds the last layer's / classifier's weights (`open("teacher_last_layer.pickle")`,
# "weight_and_bias_of_last_layer.pickle", "fc_weights.npy", "lm_head.npy", "W_U.pt"), not its features or outputs
_LM_HEAD_FILE = re.compile(r"lm[_-]?head|unembed", re.I)
_W_U_FILE = re.compile(r"(?:^|[_/.-])W_U(?:[_.-]|$)")
_HEAD_FILE = re.compile(
    r"^(?!.*(?:feat|activ|(?<!un)embed|output|repr|hidden|logit|pred|label|input))"
    r".*(?:last[_ -]?layer|lm[_-]?head|unembed|(?:^|[_/.-])W_U(?:[_.-]|$)|"
    r"(?=.*weight).*(?:classifier|(?:^|[_/.-])fc(?:[_.-]|$)))",
    re.I,
)


def head_file(an: AnalyzerHost, c: CallSite) -> Any:
    """`open(path)` of a file named for the head's weights."""
    name = c.node.args[0] if c.node.args else None
    if isinstance(name, ast.Constant) and isinstance(name.value, str) and _HEAD_FILE.search(name.value):
        return HeadFile(name.value)
    return NOTHING


def loaded_head(an: AnalyzerHost, c: CallSite) -> Any:
    """`pickle.load` / `np.load` / `torch.load` of a file named for the head's weights (its name,
    or an `open` of it): the label matrix, layout unknown (medium confidence)."""
    first = c.node.args[0] if c.node.args else None
    if isinstance(first, ast.Constant):
        first_value = head_file(an, c)
    else:
        first_value = c.args[0] if c.args else None
    if isinstance(first_value, HeadFile):
        return Taint(LABEL, _file_layout(first_value.name), confidence="medium", source=f"load({first_value.name!r})")
    return NOTHING


def _file_layout(name: str) -> str:
    """An `lm_head` / `unembed` file holds rows ([V, d], as the module stores them; as the name
    hints say), a `W_U` file TransformerLens' columns ([d, V]); other names leave the layout unknown."""
    if _LM_HEAD_FILE.search(name):
        return ROWS
    return COLS if _W_U_FILE.search(name) else VEC


# a TensorFlow 1 session: `sess`, `self.session`, `tf_sess`
_SESSION = re.compile(r"(?:^|[._])sess(?:ion)?$", re.I)


def session_run(an: AnalyzerHost, c: CallSite) -> Any:
    """`sess.run([logits, self.items_Mat], feed_dict=feed)`: the values of the tensors it fetches, in
    the structure it is given (TensorFlow 1), so `_, _, items = sess.run([...])` keeps the head's rows.
    Run before the arguments are evaluated, whether the session is known (a parameter) or not."""
    func = c.node.func
    if not (isinstance(func, ast.Attribute) and func.attr == "run" and c.node.args):
        return NOTHING
    if not _SESSION.search(access_path(func.value) or ""):
        return NOTHING
    for kw in c.node.keywords:
        an.eval(kw.value, c.env)
    fetched = an.eval(c.node.args[0], c.env)
    # what a session fetches are arrays, never modules (`self.output`: the tower's output tensor)
    if isinstance(fetched, TupleVal):
        return TupleVal([None if isinstance(v, HeadModule) else v for v in fetched.items])
    return None if isinstance(fetched, HeadModule) else fetched


CONSTRUCTORS: dict[str, Handler] = table(session_run, "run")
FUNCTIONS: dict[str, Handler] = {
    **table(loaded_head, "load"),
    **table(head_file, "open"),
    **table(head_accessor, "get_output_embeddings", "get_classifier"),
    **table(fasttext_output_matrix, "get_output_matrix"),
    **table(embedding_table, "from_pretrained"),
    **table(parameters, "parameters"),
    **table(state_dict_values, "values"),
    **table(children, "children", "modules"),
    **table(listing, "list", "tuple", "iter"),
    **table(sequential, "Sequential"),
    **table(first_parameter, "next"),
}


def head_method(an: AnalyzerHost, c: CallSite) -> Any:
    head: HeadModule = c.receiver
    meth = c.method.attr
    if meth == "parameters":
        return ParamList(head)
    if meth == "get_weights":
        return ParamList(head, first="get_weights()[0]")  # Keras `layer.get_weights()[0]`: the kernel
    return NOTHING


def foreign_method(an: AnalyzerHost, c: CallSite) -> Any:
    """`model.most_similar(token)` of a class of another scanned module whose method compares label
    rows (or token rows) inside: that comparison, here, judged by this file's facts."""
    obj: ForeignObject = c.receiver
    meth = c.method.attr
    template = obj.cls.methods.get(meth)
    if template is None:
        return NOTHING
    for a in c.node.args:
        an.eval(a, c.env)
    ev = template.called_at(an._pos(c.node), f"{obj.cls.name}.{meth}")
    an._emit(ev)
    return Sim(ev)
