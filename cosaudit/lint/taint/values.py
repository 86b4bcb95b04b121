"""The values the taint analysis computes (what names of tensors mean is `names.py`).

A value is what an expression is "as far as label geometry goes": a `Taint` (label rows, input
rows, differences, a mean), a `Sim` (the result of a similarity sink), or one of the objects that
tell us about a model (`ModelObj`, `HeadModule`, `SinkFn`, `FaissIndex`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace
from typing import Any

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.syntax import square_root

LABEL, INPUT, DIFF, MEAN, PARAM = "label", "input", "diff", "mean", "param"
ROWS, COLS, VEC, SEL = "rows", "cols", "vec", "sel"


@dataclass(frozen=True)
class Taint:
    """What a value is, as far as label geometry goes."""

    kind: str
    orient: str = ROWS
    centered: bool = False  # centred over the label axis by the code itself (`W - W.mean(0)`)
    normalized: bool = False
    whitened: bool = False
    root: str | None = None
    # centred (and the final norm's gain folded in) silently by a loader: TransformerLens'
    # `from_pretrained` defaults. Not a mitigation: reported as uncentred, at warning level
    loader_centered: bool = False
    confidence: str = "high"
    source: str = ""
    param: int | None = None
    mean_ok: bool = False
    table: bool = False  # an embedding table made of these rows: calling it looks rows up
    # PARAM: one row of the parameter (`weights[ids[i]]`); MEAN: the average of some label rows
    row: bool = False
    picked: bool = False  # PARAM only: some rows picked by a list of ids (`weights[token_ids]`)
    flip: bool = False  # PARAM only: transposed in the helper (`x.T`): `x @ x.T` compares rows, `x.T @ x` columns
    # a broadcasting view (`W[None]`, `W.unsqueeze(1)`): (number of axes, position of the hidden
    # axis, position of the label axis)
    axes: tuple[int, int, int] | None = None
    keyed: bool = False  # rows stored one by one under keys (`vecs[name] = W[i]`): a key picks a row
    why: str = ""  # a head recognised by its role in the code: why it was taken for one
    # DIFF only: a row plus or minus a difference of rows (`king - man + woman`): it moves with a
    # shared translation of the rows as a row does, so ranking the rows against it compares rows
    analogy: bool = False
    # LABEL VEC only: a parameter named or documented as the head's matrix, orientation unknown
    # (`def class_cosine_matrix(W)`): one index picks one of its label vectors (`W[i]`)
    matrix: bool = False
    # LABEL only: rows summed or averaged per class by an assignment matrix (T3A's templates `supports.T @
    # labels`, seeded with the head's rows): prototypes a pass computes, not a parameter it trains
    pooled: bool = False

    def flipped(self) -> Taint:
        if self.kind == PARAM and self.orient == VEC:
            return replace(self, flip=not self.flip)
        orient = {ROWS: COLS, SEL: COLS, COLS: ROWS}.get(self.orient, self.orient)
        return replace(self, orient=orient, axes=None)

    def shape(self) -> tuple[int, int, int]:
        """(number of axes, position of the hidden axis, of the label axis) of a label matrix."""
        if self.axes is not None:
            return self.axes
        return (2, 0, 1) if self.orient == COLS else (2, 1, 0)


@dataclass
class Derived:
    # "display" (COS103), "behaviour" (COS104), "logits" (trained as logits: no COS120), or "softmax"
    # (turned into probabilities: in a forward pass, that pass's own weights over the rows)
    kind: str
    pos: tuple[int, int]
    what: str


@dataclass
class Event:
    """One similarity sink reached by label representations."""

    kind: str  # cosine | dot | euclid
    a: Taint
    b: Taint | None  # None: one vector ranked against all label rows
    pos: tuple[int, int]  # (line, col_offset) in the analysed source
    what: str
    derived: list[Derived] = field(default_factory=list)
    helper: str | None = None
    against_means: bool = False  # the other operand is class means (neural-collapse code)
    by_name: bool = False  # only a helper's name says it compares the rows (nearest labels): a warning
    # a helper's unit vector against its parameter's rows (`F.normalize(h) @ rows.T`): a cosine lens
    # only when the rows it is given are unit rows too; given raw rows it computes logits
    needs_unit_rows: bool = False
    analogy: bool = False  # a ranking whose one vector is an analogy's target (`Taint.analogy`)

    @property
    def ranking(self) -> bool:
        return self.b is None

    @property
    def trained_as_logits(self) -> bool:
        """Its scores go into a classification loss as logits (a cosine classifier's own scores)."""
        return any(d.kind == "logits" for d in self.derived)

    @property
    def forward_weights(self) -> bool:
        """Turned into logits or probabilities: inside a forward pass, one vector's scores against every
        row that the pass uses itself (attention over the class rows, a prototype mixture)."""
        return any(d.kind in ("logits", "softmax") for d in self.derived)

    @property
    def pending(self) -> bool:
        return self.a.kind == PARAM or (self.b is not None and self.b.kind == PARAM)

    @property
    def operands(self) -> list[Taint]:
        return [self.a] if self.b is None else [self.a, self.b]

    @property
    def between_labels(self) -> bool:
        """Label rows against label rows, or one argument against itself (its Gram matrix): not
        the logits of a forward pass, which compare the rows with an input."""
        a, b = self.a, self.b
        if b is None:
            return False
        if a.kind == b.kind == PARAM:
            return a.param == b.param
        return a.kind == b.kind == LABEL

    def called_at(self, pos: tuple[int, int], helper: str) -> Event:
        """This comparison, made inside another module's function or method, at a call of it here."""
        return Event(self.kind, self.a, self.b, pos, self.what, helper=helper, analogy=self.analogy)


@dataclass
class Sim:
    """A value computed by a similarity sink; `joined`: other sinks' results concatenated with it
    (`torch.cat([cur, pos, neg])`), whose uses from then on are its uses too."""

    event: Event
    joined: tuple[Event, ...] = ()
    detached: bool = False  # taken off the autograd graph (`.detach()`, `.tolist()`, `.item()`, `.numpy()`)

    @property
    def events(self) -> tuple[Event, ...]:
        return (self.event, *self.joined)


@dataclass
class TupleVal:
    items: list[Any]

    def label_matrix(self) -> Taint | None:
        """`Ws[i]`, `for W in Ws` of a list that holds only label matrices (`Ws.append(head_rows)`
        in a loop) or only selections of label or token rows (`[W[tok.encode(w), :] for w in words]`):
        one of them, whichever item is picked."""
        values = [v for v in self.items if v is not None]
        if values and all(_matrix_or_selection(v) for v in values):
            first: Taint = values[0]
            return first
        # `embs.append(W[t])` in a loop over ids: every item is a row of the one head, whichever is picked
        if values and all(label_row(v) and v.source == values[0].source for v in values):
            return values[0]
        return None


def label_row(v: Any) -> bool:
    """One label's row of a named head (`W[t]`)."""
    return isinstance(v, Taint) and v.kind == LABEL and v.orient == VEC and bool(v.source)


def _matrix_or_selection(v: Any) -> bool:
    if not isinstance(v, Taint):
        return False
    return v.kind in (LABEL, INPUT) and v.orient in (ROWS, COLS, SEL)


@dataclass
class DictVal:
    """A dict that holds a label matrix (`{"input": E, "output": lm_head.weight}`, or filled by
    `tables[name] = W`, `runs[model] = {"out": W}`): a string key picks its value; a loop over
    `.items()` / `.values()` binds the riskiest value. `open`: a value was stored under a key we
    cannot read (`tables[name] = ...`), so any string key may pick it."""

    items: dict[str, Any]
    values: list[Any]
    open: bool = False

    def stored(self, key: Any, value: Any) -> DictVal:
        """This dict after `d[key] = value` (a key we cannot read opens it)."""
        items = dict(self.items)
        if isinstance(key, str):
            items[key] = value
        return DictVal(items, [*self.values, value], self.open or not isinstance(key, str))

    def pick(self, key: Any) -> Any:
        if isinstance(key, str) and (key in self.items or not self.open):
            return self.items.get(key)
        return self.riskiest()

    def riskiest(self) -> Any:
        return riskiest(self.values)


@dataclass
class ModelObj:
    """A model whose loading tells us about its head (TransformerLens processing, probes)."""

    loader_centered: bool = False  # TransformerLens `from_pretrained`: `W_U` centred, final LN folded
    probe: bool = False
    # multinomial L2-penalised coefficients sum to zero over the classes (LogisticRegression); a linear
    # discriminant's `coef_` (a softmax head too, for three classes or more) does not
    coef_centered: bool = True
    scaler: bool = False
    root: str | None = None


@dataclass
class ForeignClass:
    """A class of another scanned module whose methods compare label rows inside (a teaching helper's
    `Model.most_similar(token)` ranking every token row by cosine): each call of such a method on
    an instance made here is that comparison, judged by this file's facts (the checkpoint it names)."""

    name: str
    methods: dict[str, Event]


@dataclass
class ForeignFunction:
    """A module-level function of another scanned module that compares label rows (or token rows) it
    reaches itself (`analysis(model, loader)` taking the cosines of `model.fc.weight` and returning them
    in a dict): each call here is that comparison, judged by this file's facts."""

    name: str
    event: Event


@dataclass
class ForeignObject:
    """An instance of a `ForeignClass` (`model = Model("google-bert/bert-large-uncased")`)."""

    cls: ForeignClass


@dataclass
class ImportedHelper:
    """A function imported from another module of the scanned tree (`from utils import
    get_unembedding`) whose summary there says it returns label rows: each call returns them."""

    name: str
    returns: Taint


@dataclass
class SinkFn:
    """A callable object that computes a similarity (`nn.CosineSimilarity(dim=0)`)."""

    kind: str
    dim: int | None


@dataclass
class HeadModule:
    """A module whose `.weight` is a label matrix (`model.fc`, `model.classifier[-1]`,
    `model.get_output_embeddings()`): `.weight`, `list(m.parameters())[0]` are label rows."""

    path: str
    shown: str = ""  # how the code wrote it, when `path` is a stand-in (`get_classifier_layer(model)`)
    why: str = ""  # why a module known only by its role was taken for the head


@dataclass
class ParamList:
    """`m.parameters()` / `list(m.parameters())`: item 0 of a head module is its weight; item -2
    of a whole model is usually the final classifier's weight (medium confidence)."""

    head: HeadModule | None
    root: str | None = None
    first: str = "weight"  # item 0 of a Keras layer's `get_weights()` is its kernel, of `[d, V]` layout


@dataclass
class Children:
    """`m.children()` / `m.modules()` (or their list): the last one, `[-1]`, is usually the final
    classifier layer (a teacher walked down to its last `nn.Linear`): a head module, medium."""

    path: str


# why a layer visited by a loop over every Linear layer was taken for the head (`EveryLayer`)
EVERY_LAYER_NOTE = "the output layer among them"


@dataclass
class EveryLayer:
    """The variable of a loop over `model.modules()` / `children()`: each layer in turn. Tested to be
    a Linear layer (`if isinstance(m, nn.Linear):`), it is every Linear layer, the output one among them."""

    path: str


@dataclass
class HeadFile:
    """A file opened by a name that says it holds the last layer's weights (`open("teacher_last_layer.pickle")`)."""

    name: str


@dataclass
class ProbeTensor:
    """An argument we do not follow whose name says it is a probe (`option_cosines(board_probes)`): in
    the helper, its `[..., k]` is option k of a softmax probe (`indexing.probe_option`)."""

    name: str


@dataclass
class ParamName:
    """The name variable of `for name, p in m.named_parameters()` / `sd.items()` / `f.keys()`:
    a test on it (`name == "fc.weight"`, `"lm_head" in name`) makes `p` the named tensor."""

    value_var: str | None
    suffix: str = ""  # ".weight" for named_modules()
    root: str | None = None
    name_var: str | None = None  # `kl = key.lower()`: the loop's own name variable, which the lookup uses


@dataclass
class FaissIndex:
    """A FAISS index: inner product (`IndexFlatIP`) or L2, and the rows added to it."""

    metric: str  # "ip" | "l2"
    data: Taint | None = None
    path: str | None = None  # the variable the rows were added from


@dataclass
class NormOf:
    """The norms of label rows (`W.norm(dim=-1)`), kept to recognise `G / (n[:, None] * n)`."""

    taint: Taint
    inverse: bool = False  # `1 / W.norm(...)`, `torch.reciprocal(norms)`: multiplying by it normalises


@dataclass(frozen=True)
class Unit:
    """A vector we do not follow divided by its own norm (`d / d.norm(dim=-1, keepdim=True)`,
    `F.normalize(d)`): its product with a unit label row is a cosine."""

    source: str = ""  # the name it was made from (`centered_means` of `centered_means[c] / norm(...)`)


def unfollowed(value: Any) -> bool:
    """Is `value` something we do not follow (unknown, or a unit vector of unknown origin)?"""
    return value is None or isinstance(value, Unit)


def unfollowed_vector(value: Any) -> bool:
    """A vector label rows may be ranked against by a cosine lens: one we do not follow, or the average
    of a parameter's vectors (`prefix.mean(0)` of a soft prompt passed in), the caller's data."""
    average = isinstance(value, Taint) and value.kind == MEAN and value.param is not None and value.mean_ok
    return unfollowed(value) or average


@dataclass
class ClassInfo:
    """A class defined here: constructing it with label rows (`Wrapper(model.lm_head.weight)`)
    analyses its methods again with those rows bound to `__init__`'s parameters."""

    node: ast.ClassDef
    # its methods as analysed with the class (`model.items()` of `model = Model()` returns what
    # `items` returned there)
    methods: dict[str, FuncInfo] = field(default_factory=dict)


@dataclass
class FuncInfo:
    node: ast.FunctionDef | ast.AsyncFunctionDef
    analysed: bool = False
    templates: list[Event] = field(default_factory=list)
    returns: Any = None
    reported_in_body: bool = False
    params: list[str] = field(default_factory=list)
    called: bool = False
    quiet: bool = False  # a forward pass, a loss or an initialiser
    initialiser: bool = False  # wholly quiet, even for label-vs-label similarities
    first_arg: int = 0  # 1 for a method called as `self.m(...)`: the call's args start after self
    foreign: bool = False  # defined in another module of the scan: its positions are not this file's
    getter: bool = False  # a `@property`: reading `self.name` calls it


@dataclass
class FuncChoice:
    """One of several functions of this file, which one unknown: the loop variable `fn` of
    `for name, fn in [("raw", lambda r: r), ("centred", centre)]`. Calling it calls each."""

    options: list[FuncInfo]


def records_element(items: list[Any]) -> TupleVal | None:
    """An element of a list of equal-length tuples (`[("raw", f), ("centred", g)]`): at each
    position, the functions found there (any of them), else the riskiest value."""
    if not items or not all(isinstance(v, TupleVal) and len(v.items) == len(items[0].items) for v in items):
        return None
    merged: list[Any] = []
    for column in zip(*(v.items for v in items), strict=True):
        funcs = [v for v in column if isinstance(v, FuncInfo)]
        if funcs:
            merged.append(FuncChoice(funcs) if len(funcs) > 1 else funcs[0])
            continue
        merged.append(riskiest(column))
    return TupleVal(merged)


# what a module of the scan offers the modules that import it (`taint.helper_summary`)
Exported = Taint | FuncInfo | ForeignClass | ForeignFunction


def product_kind(a: Taint, b: Taint) -> str:
    """A product of two label representations: a cosine if either side was normalised, else not."""
    return "cosine" if (a.normalized or b.normalized) else "dot"


def first_sim(*values: Any) -> Sim | None:
    """The first operand that is already a similarity (it flows on through the expression)."""
    for v in values:
        if isinstance(v, Sim):
            return v
    return None


def norm_factors(node: ast.AST, env: dict[str, Any]) -> int:
    """How many vector norms a denominator holds: `norm(a) * norm(b)` is 2 (a cosine), `norm(b)`
    is 1 (a projection); `sqrt(x * y)` counts 2; names bound to `NormOf` count once each."""
    count = 0
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            name = sub.func.attr if isinstance(sub.func, ast.Attribute) else getattr(sub.func, "id", "")
            if name in P.NORM_CALLS:
                count += 1
            elif name == "sqrt":
                inner = sub.args[0] if sub.args else None
                product = inner is not None and any(
                    isinstance(x, ast.BinOp) and isinstance(x.op, ast.Mult) for x in ast.walk(inner)
                )
                count += 2 if product else 1
            elif name == "outer":
                count += sum(1 for a in sub.args if isinstance(env.get(getattr(a, "id", "")), NormOf))
        elif isinstance(sub, ast.Name) and isinstance(env.get(sub.id), NormOf):
            count += 1
        elif isinstance(sub, ast.BinOp) and square_root(sub):
            product = any(isinstance(x, ast.BinOp) and isinstance(x.op, ast.Mult) for x in ast.walk(sub.left))
            count += 2 if product else 1
    return count


NOTHING = object()  # a handler's "not mine": the caller goes on to the next rule


def _risk(value: Any) -> tuple[int, int, int]:
    """How much a value matters to the analysis: a similarity (an angle before a distance, which a
    translation of the rows leaves alone between rows), then label rows (uncentred before centred,
    normalised before raw), then a tied model's token rows, then anything else."""
    if isinstance(value, Sim):
        return (3, int(value.event.kind != "euclid"), 0)
    if isinstance(value, DictVal):
        return _risk(value.riskiest())
    if isinstance(value, Taint) and value.kind == LABEL:
        return (2, int(not value.centered), int(value.normalized))
    if isinstance(value, Taint) and value.kind == INPUT:
        return (1, int(not value.centered), int(value.normalized))
    if isinstance(value, Taint) and value.kind == PARAM:
        # rows picked from what a helper is given (`table[idx]`) before the bare argument (`fallback`):
        # given the head, they are its rows
        return (0, int(value.row or value.picked), 0)
    return (0, 0, 0)


def riskiest(values: Any) -> Any:
    """Of the values a name or a call may give (a dict's values, the results of any of several
    functions), the one that matters most; the first of equals."""
    out = None
    for v in values:
        if riskier(v, out):
            out = v
    return out


def riskier(a: Any, b: Any) -> bool:
    """Of two values a name may hold (if/else branches, `a if c else b`), is `a` the one that
    matters more? Ties keep `b`."""
    return _risk(a) > _risk(b)


def label_axis_ok_torch(t: Taint, dim: Any) -> bool:
    """Does F.cosine_similarity(..., dim) compare label vectors (not hidden dimensions)?"""
    if t.orient == VEC:
        return True
    if t.axes is not None:  # `W[None]` against `W[:, None]`: the hidden axis moved
        ndim, hidden, _ = t.axes
        d = 1 if dim is None else dim
        return d in (hidden, hidden - ndim)
    if t.orient in (ROWS, SEL):
        # a matrix of rows broadcast against a batch (`F.cosine_similarity(h.unsqueeze(1), W, dim=2)`):
        # broadcasting prepends axes, so its hidden axis is the last one, whatever its number
        return dim in (None, -1) or (isinstance(dim, int) and not isinstance(dim, bool) and dim >= 1)
    return dim in (0, -2)


