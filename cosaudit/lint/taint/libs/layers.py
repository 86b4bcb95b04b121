"""Heads recognised by their role in the code, not by their name.

A pre-pass over the module (`HeadRoles`) finds the layers and matrices that *act* as the output
layer of a softmax model, whatever they are called:

- **by construction**: an attribute or variable built as the output layer — `self.X =
  nn.Linear(d, num_classes)` (also `len(classes)`, `config.num_labels`, `vocab_size`, …), a
  Linear / Dense named as a readout or head, Flax `nn.Dense(self.num_classes, name=…)` (unnamed:
  `Dense_k`, its position among the module's Dense layers), Keras `Dense(k, activation="softmax")`,
  an `nn.Sequential` that ends in such a Linear (or in a softmax);
- **by use**: a matrix whose product with hidden states becomes `logits` or feeds softmax /
  log_softmax / cross_entropy / nll_loss / a cross-entropy criterion / argmax / topk
  (`logits = h @ M.T`, `F.linear(h, M, b)`, `out = self.X(feat); F.cross_entropy(out, y)`);
- **by position**: the last `nn.Linear` kept by a loop over `model.modules()` / `children()`, the
  last item of a list of a model's Linear layers.

Each such head is label rows at medium confidence, with the reason it was taken for a head
(`Taint.why`, quoted in the message; reported at warning level). A matrix used *only* normalised to
compute the logits is a cosine classifier, not an ordinary head, and is left alone, as is a
constructed layer normalised in a forward pass.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cosaudit.lint.taint.libs.common import CallSite, Handler, table
from cosaudit.lint.taint.values import COLS, LABEL, NOTHING, PARAM, ROWS, HeadModule, Taint, access_path

# the number of labels an output layer is built with
_COUNT = re.compile(
    r"^(?:num|n|nb|number_of|total|out)_?(?:classes|class|cls|labels?|categories|cats|tokens|vocab|way)$"
    r"|^(?:class(?:es)?|labels?|categories)_?(?:num|count|number|n|size)$"
    r"|^(?:classes|nclass(?:es)?|ncls|vocab|vocab_size|n_vocab|d_vocab|ntokens?|vocabulary_size|n_way|k_way)$",
    re.I,
)
_COUNTED = re.compile(r"class|label|categor|vocab|token|idx_to|itos|stoi|word", re.I)
# a layer named as the readout of the model
_HEAD_NAME = re.compile(
    r"^(?:readout|logits?|to_logits|lm_?head|unembed\w*|clf|cls|classif\w*|\w*_classifier|\w*vocab\w*|"
    r"\w+_head|head|decoder_out|output_layer|out_layer|final_linear|final_fc|last_fc|last_linear)$",
    re.I,
)
_LINEAR = {"Linear", "LazyLinear"}
_DENSE = {"Dense"}
_SOFTMAX_LAYERS = {"Softmax", "LogSoftmax"}
# where a product of hidden states with the head goes: the logits' consumers
_CONSUMERS = {
    "softmax",
    "log_softmax",
    "cross_entropy",
    "nll_loss",
    "argmax",
    "topk",
    "sparse_softmax_cross_entropy_with_logits",
    "softmax_cross_entropy_with_logits",
    "softmax_cross_entropy",
    "categorical_crossentropy",
}
_CRITERIA = {"CrossEntropyLoss", "NLLLoss", "SparseCategoricalCrossentropy", "CategoricalCrossentropy"}
_LOGITS = re.compile(r"(?:^|_)logits?$")
_PRODUCTS = {"matmul", "mm", "dot", "inner"}
_TRANSPOSES = {"t", "transpose"}
# hidden states, features, attention operands, class means: never the head of a product
_HIDDEN = re.compile(
    r"^(?:h|x|z|f|hs|\w*hid\w*|\w*hidden\w*|\w*feat\w*|features?|\w*resid\w*|acts?|activations?|reps?|repr\w*|out\w*|"
    r"inputs?|encoded\w*|enc\w*|pooled\w*|latent\w*|states?|last_hidden\w*|cls_\w*|tokens?_\w*|y_?hat)$",
    re.I,
)
_NOT_HEAD = re.compile(
    r"^(?:q|k|v|queries|query|keys?|values?|\w*_[qkv]|[qkv]_\w*|\w*_keys?|\w*_query|attn\w*|"
    r"\w*mean\w*|\w*centroid\w*|\w*proto\w*|mus?)$",
    re.I,
)
# ranked by argmax / topk, these are a retrieval's database, not a head
_RETRIEVED = re.compile(r"^(?:\w*emb\w*|corpus\w*|docs?|passages?|database|memory|bank|index|\w*vectors?)$", re.I)
_RANKERS = {"argmax", "topk"}
# a matrix named as normalised (`W_unit`, `lm_head_norm`, `normed_w`): used so, a cosine classifier
_UNIT_NAME = re.compile(r"(?:^|_)(?:unit|norm|normed|normali[sz]ed|n)(?:_|$)", re.I)
_NORMALIZE = {"normalize", "l2_normalize", "normalize_L2", "l2norm", "unit_norm"}
_LAST_KEY = "<last layer>"
# Keras' last layer: `model.layers[-1].weights[0]`, `model.get_layer(index=-1).get_weights()[0]`
_KERAS_LAST = re.compile(r"(?:^|\.)layers\[-1\]\.(?:weight|weights\[0\]|trainable_weights\[0\])$")
_KERAS_WHY = "it is the kernel of the model's last layer"
_MODULES = {"torch", "np", "numpy", "jnp", "tf", "F", "nn", "jax"}
_FORWARD = re.compile(r"^(forward|__call__|call|logits?|get_logits|compute_logits)$")


@dataclass(frozen=True)
class RoleHead:
    """A head recognised by its role: its layout and why it was taken for one."""

    orient: str
    why: str

    def taint(self, source: str) -> Taint:
        return Taint(LABEL, self.orient, confidence="medium", source=source, why=self.why)


def _stem(node: ast.AST) -> str:
    """The identifier an expression ends in (`config.num_labels` -> `num_labels`)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _counts_labels(node: ast.AST | None) -> bool:
    """`num_classes`, `config.num_labels`, `self.vocab_size`, `len(classes)`, `len(tokenizer)`."""
    if node is None:
        return False
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "len" and node.args:
        return bool(_COUNTED.search(ast.unparse(node.args[0])))
    return bool(_COUNT.match(_stem(node)))


def _kw(call: ast.Call, *names: str) -> ast.AST | None:
    return next((k.value for k in call.keywords if k.arg in names), None)


def _const_str(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _layer_kind(call: ast.AST) -> str | None:
    if not isinstance(call, ast.Call):
        return None
    name = _stem(call.func)
    if name in _LINEAR or name in _DENSE or name == "Sequential" or name in _SOFTMAX_LAYERS:
        return name
    return None


def _out_features(call: ast.Call) -> ast.AST | None:
    name = _stem(call.func)
    if name == "Linear" and len(call.args) != 1:  # torch `Linear(in, out)`; Haiku `hk.Linear(out)` below
        return _kw(call, "out_features") or (call.args[1] if len(call.args) > 1 else None)
    return _kw(call, "out_features", "features", "units", "output_size") or (call.args[0] if call.args else None)


def _output_layer(call: ast.Call, target: str) -> str | None:
    """Why a Linear / Dense call builds an output layer (None: no reason to think so)."""
    name = _stem(call.func)
    out = _out_features(call)
    if _counts_labels(out):
        return f"built as {name}(…, {ast.unparse(out)})"  # type: ignore[arg-type]
    act = _kw(call, "activation")
    activation = _const_str(act) or (_stem(act) if act is not None else None)  # "softmax", tf.nn.softmax
    if name in _DENSE and activation in ("softmax", "log_softmax"):
        return f'built as {name}(…, activation="{activation}")'
    if _HEAD_NAME.match(target):
        return f"a {name} layer named as the model's readout"
    return None


def _sequential_head(call: ast.Call, target: str) -> tuple[str, int] | None:
    """An `nn.Sequential` ending in an output layer (or in a softmax after a Linear): the index of
    its last Linear and why."""
    items = list(call.args)
    linear = [i for i, a in enumerate(items) if _layer_kind(a) in _LINEAR | _DENSE]
    if not linear:
        return None
    last = linear[-1]
    why = _output_layer(items[last], target)  # type: ignore[arg-type]
    if why is None and any(_layer_kind(a) in _SOFTMAX_LAYERS for a in items[last + 1 :]):
        why = "the last Linear of a Sequential that ends in a softmax"
    return (last, len(items)) if why is not None else None


def _target_name(target: ast.AST) -> str | None:
    """`clf`, `self.fc3` -> `fc3`, `model.classifier[6]` -> `classifier[6]`."""
    if isinstance(target, ast.Name):
        return target.id
    if isinstance(target, ast.Attribute):
        return target.attr
    if isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant):
        base = _target_name(target.value)
        return f"{base}[{target.slice.value}]" if base is not None and isinstance(target.slice.value, int) else None
    return None


def _own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a scope, without the bodies of the functions and classes nested in it."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


def _unwrap(node: ast.AST) -> ast.AST:
    """A product's core: bias added, scale multiplied, views and casts taken away."""
    while True:
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
            node = node.left if _is_product(node.left) or not _is_product(node.right) else node.right
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("squeeze", "float", "view", "reshape", "contiguous", "to", "detach")
        ):
            node = node.func.value
        else:
            return node


def _is_product(node: ast.AST) -> bool:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
        return True
    return isinstance(node, ast.Call) and _stem(node.func) in _PRODUCTS | {"linear", "einsum"}


def _transposed(node: ast.AST) -> ast.AST | None:
    """`W.T`, `W.t()`, `W.transpose(0, 1)`: W."""
    if isinstance(node, ast.Attribute) and node.attr in ("T", "mT"):
        return node.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _TRANSPOSES:
        if access_path(node.func.value) in _MODULES:
            return node.args[0] if node.args else None  # `torch.transpose(W, 0, 1)`
        return node.func.value
    return None


def _normalised(node: ast.AST) -> ast.AST | None:
    """`F.normalize(W, dim=1)`, `W / W.norm(dim=1, keepdim=True)`: W."""
    if isinstance(node, ast.Call) and _stem(node.func) in _NORMALIZE and node.args:
        return node.args[0]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and "norm" in ast.unparse(node.right):
        return node.left
    return None


def _operands(product: ast.AST) -> tuple[ast.AST, ast.AST] | None:
    if isinstance(product, ast.BinOp):
        return product.left, product.right
    assert isinstance(product, ast.Call)
    func = product.func
    if _stem(func) == "einsum":
        spec = _const_str(product.args[0]) if product.args else None
        return (product.args[1], product.args[2]) if spec is not None and len(product.args) == 3 else None
    if _stem(func) == "linear" and len(product.args) >= 2:
        return product.args[0], ast.Attribute(value=product.args[1], attr="T", ctx=ast.Load())
    if isinstance(func, ast.Attribute) and len(product.args) == 1 and _stem(func) in ("matmul", "mm", "dot"):
        if access_path(func.value) not in ("torch", "np", "numpy", "jnp", "tf"):
            return func.value, product.args[0]  # `h.matmul(W)`
    return (product.args[0], product.args[1]) if len(product.args) >= 2 else None


def _einsum_orient(call: ast.Call, head: ast.AST) -> str | None:
    """`einsum("bd,vd->bv", h, W)`: the head's label axis is the one it keeps in the output; rows
    when that axis comes first (`vd`), columns when last (`dv`)."""
    spec = (_const_str(call.args[0]) or "").replace(" ", "")
    if "->" not in spec or spec.count(",") != 1:
        return None
    inputs, output = spec.split("->")
    mine = inputs.split(",")[1 if call.args[2] is head else 0]
    kept = [i for i, ch in enumerate(mine) if ch in output]
    if len(mine) != 2 or len(kept) != 1:
        return None
    return ROWS if kept[0] == 0 else COLS


def _named(node: ast.AST) -> str | None:
    """The name or access path of a matrix operand (`W`, `self.W`, `model.fc.weight`)."""
    path = access_path(node)
    if path is None or "(" in path or "[" in path or path.split(".")[0] in _MODULES:
        return None
    return path


def _head_operand(a: ast.AST, b: ast.AST) -> tuple[ast.AST, str] | None:
    """Of `a @ b` that computes logits, the head and its layout: the transposed one (`h @ W.T`), or
    the one that is not the hidden state (`h @ W`: columns; `W @ h`: rows)."""
    ta, tb = _transposed(a), _transposed(b)
    if tb is not None and ta is None:
        return tb, ROWS
    if ta is not None and tb is None:
        return ta, COLS
    ha, hb = bool(_HIDDEN.match(_stem(a))), bool(_HIDDEN.match(_stem(b)))
    if ha and not hb:
        return b, COLS
    if hb and not ha:
        return a, ROWS
    return None


class HeadRoles:
    """The heads of one module found by construction, use and position."""

    def __init__(self, tree: ast.Module):
        self.layers: dict[str, RoleHead] = {}  # `fc3`, `mlp[-1]`, `Dense_2`: a layer built or used as the head
        self.matrices: dict[tuple[int, str], RoleHead] = {}  # (scope, name / path) used as the head
        self.paths: dict[str, RoleHead] = {}  # `self.W`: attributes used as the head, in any method
        self._cosine: set[str] = set()  # names used normalised to compute logits
        self._criteria: set[str] = set()
        self._pattern: re.Pattern[str] | None = None
        self.last_keys: dict[str, str] = {}  # `last = sorted(params["params"])[-1]`: names holding the last layer's key
        scopes: list[ast.AST] = [tree] + [
            n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
        ]
        self._bindings: dict[str, list[ast.AST]] = {}
        for node in ast.walk(tree):
            if isinstance(node, (ast.Assign, ast.AugAssign)):
                for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    self._bindings.setdefault(ast.unparse(t), []).append(node)
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                self._construction(node.targets[0], node.value)
                if _stem(getattr(node.value, "func", None) or ast.Pass()) in _CRITERIA:
                    self._criteria.add(ast.unparse(node.targets[0]))
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                self._last_key(node.targets[0].id, node.value)
            if isinstance(node, ast.ClassDef):
                self._flax_names(node)
            elif isinstance(node, (ast.For, ast.AsyncFor)):
                self._last_in_loop(node)
        for scope in scopes:
            self._uses(scope)
        self._forward_normalised(tree)

    # ------------------------------------------------------------ construction
    def _construction(self, target: ast.AST, value: ast.AST) -> None:
        name = _target_name(target)
        if isinstance(value, ast.Call) and _layer_kind(value.func) in _DENSE | _LINEAR:
            # Keras' functional API: `outputs = Dense(k, activation="softmax", name="preds")(x)`
            name, value = _const_str(_kw(value.func, "name")), value.func  # type: ignore[arg-type]
        kind = _layer_kind(value)
        if name is None or kind is None:
            self._linear_list(target, value)
            return
        assert isinstance(value, ast.Call)
        if kind == "Sequential":
            seq = _sequential_head(value, "")
            if seq is not None:
                why = f"`{name}` is an nn.Sequential whose last Linear is the output layer"
                self.layers[f"{name}[-1]"] = self.layers[f"{name}[{seq[0]}]"] = RoleHead(ROWS, why)
            return
        why = _output_layer(value, name) if kind in _LINEAR | _DENSE else None
        if why is not None:
            role = RoleHead(ROWS if kind in _LINEAR else COLS, f"`{name}` is {why}")
            self.layers[name] = role
            named = _const_str(_kw(value, "name"))  # Keras `model.get_layer("probs")`
            if named is not None:
                self.layers[named] = role

    def _flax_names(self, cls: ast.ClassDef) -> None:
        """A Flax module's unnamed Dense layers are `Dense_0`, `Dense_1`, … in the order they are made."""
        dense = [n for n in ast.walk(cls) if isinstance(n, ast.Call) and _flax_dense(n)]
        dense.sort(key=lambda n: (n.lineno, n.col_offset))
        for k, call in enumerate(dense):
            named = _const_str(_kw(call, "name"))
            why = _output_layer(call, named or "")
            if why is not None:
                label = named or f"Dense_{k}"
                self.layers[label] = RoleHead(COLS, f"Flax layer `{label}` is {why}")

    def _linear_list(self, target: ast.AST, value: ast.AST) -> None:
        """`linears = [m for m in model.modules() if isinstance(m, nn.Linear)]`: `linears[-1]` is
        the last Linear layer, the classifier."""
        name = _target_name(target)
        if name is None or not isinstance(value, ast.ListComp) or len(value.generators) != 1:
            return
        gen = value.generators[0]
        if _walks_layers(gen.iter) and any(_tests_linear(c) for c in gen.ifs):
            why = f"`{name}[-1]` is the last Linear layer of a model"
            self.layers[f"{name}[-1]"] = RoleHead(ROWS, why)

    def _last_key(self, name: str, value: ast.AST) -> None:
        """`last = sorted(params["params"].keys())[-1]` / `list(params)[-1]`: the key of a Flax /
        Haiku model's last layer (`params["params"][last]["kernel"]` is the output kernel)."""
        last = isinstance(value, ast.Subscript) and ast.unparse(value.slice) == "-1"
        if not (last and isinstance(value.value, ast.Call)):  # type: ignore[attr-defined]
            return
        call = value.value  # type: ignore[attr-defined]
        if _stem(call.func) in ("sorted", "list") and call.args and "param" in ast.unparse(call.args[0]):
            self.last_keys[name] = _LAST_KEY
            self.layers[_LAST_KEY] = RoleHead(COLS, f"`{name}` is the key of the model's last layer")

    def _last_in_loop(self, loop: ast.For | ast.AsyncFor) -> None:
        """`for m in model.modules(): if isinstance(m, nn.Linear): last = m` (no break; or over
        `reversed(...)` with a break): `last` is the last Linear layer, the classifier."""
        var = loop.target.elts[-1] if isinstance(loop.target, ast.Tuple) else loop.target
        if not isinstance(var, ast.Name) or not _walks_layers(loop.iter):
            return
        backwards = isinstance(loop.iter, ast.Call) and _stem(loop.iter.func) == "reversed"
        breaks = any(isinstance(n, ast.Break) for n in ast.walk(loop))
        if backwards != breaks:
            return  # the first Linear layer, not the last
        for node in ast.walk(loop):
            if isinstance(node, ast.If) and _tests_linear(node.test):
                for stmt in node.body:
                    if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Name) and stmt.value.id == var.id:
                        for t in stmt.targets:
                            name = _target_name(t)
                            if name is not None:
                                self.layers[name] = RoleHead(ROWS, f"`{name}` is the last Linear layer of a model")

    # ------------------------------------------------------------ use
    def _uses(self, scope: ast.AST) -> None:
        """Products of hidden states with a matrix, or calls of a layer, whose result is named
        `logits` or goes to softmax / a cross-entropy / argmax / topk, in one scope."""
        bound: dict[str, list[ast.Assign]] = {}
        own = sorted(_own_nodes(scope), key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))
        for node in own:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                bound.setdefault(node.targets[0].id, []).append(node)
                if _LOGITS.search(node.targets[0].id):
                    self._logits(scope, node.value, f"`{node.targets[0].id}`", node)
        for node in own:
            arg = self._consumed(node) if isinstance(node, ast.Call) else None
            if arg is None:
                continue
            core = _unwrap(arg)
            if isinstance(core, ast.Name):  # `out = h @ W.T` ... `F.cross_entropy(out.view(-1, V), y)`
                before = [a for a in bound.get(core.id, []) if a.lineno <= getattr(node, "lineno", 0)]
                core = before[-1].value if before else core
            self._logits(scope, core, f"logits that go to `{_stem(node.func)}`", node)  # type: ignore[attr-defined]

    def _consumed(self, call: ast.Call) -> ast.AST | None:
        """What a softmax / loss / argmax call takes as logits."""
        name = _stem(call.func)
        if name in _CONSUMERS or ast.unparse(call.func) in self._criteria:
            method = isinstance(call.func, ast.Attribute) and _stem(call.func.value) not in _MODULES
            if method and (not call.args or name in _RANKERS):
                return call.func.value  # type: ignore[attr-defined]  # `(h @ W.T).softmax(-1)`, `out.argmax(1)`
            return call.args[0] if call.args else None
        return None

    def _layer_call(self, core: ast.Call, what: str, line: int) -> None:
        """`out = self.X(feat)` whose result is taken as logits: X is the output layer."""
        name = _target_name(core.func)
        if name is None or not core.args or _stem(core.func) in _CONSUMERS:
            return
        if not _NOT_HEAD.match(name) and not _HIDDEN.match(name):
            why = f"`{name}` computes {what} (line {line})"
            self.layers.setdefault(name, RoleHead(ROWS, why))

    def _logits(self, scope: ast.AST, expr: ast.AST, what: str, at: ast.AST) -> None:
        core = _unwrap(expr)
        line = getattr(at, "lineno", 0)
        if isinstance(core, ast.Call) and not _is_product(core):
            self._layer_call(core, what, line)
            return
        if not _is_product(core):
            return
        ops = _operands(core)
        picked = _head_operand(*ops) if ops is not None else None
        if picked is None:
            return
        node, orient = picked
        if _stem(core.func if isinstance(core, ast.Call) else core) == "einsum":
            orient = _einsum_orient(core, node) or orient  # type: ignore[arg-type]
        inner = _normalised(node)
        if inner is not None:
            name = _named(inner)
            if name is not None:
                self._cosine.add(name)
            return
        name = _named(node)
        last = name.rsplit(".", 1)[-1] if name is not None else ""
        if name is None or _NOT_HEAD.match(last) or _HIDDEN.match(last) or "sqrt" in ast.unparse(expr):
            return
        if what.endswith(tuple(f"`{r}`" for r in _RANKERS)) and _RETRIEVED.match(last):
            return
        made = "normalised" if _UNIT_NAME.search(last) else self._made(name)
        if made == "normalised":
            self._cosine.add(name)
        if made is not None:
            return
        why = f"`{name}` multiplies hidden states into {what} (line {line})"
        if "." in name:
            self.paths.setdefault(name, RoleHead(orient, why))
        else:
            self.matrices.setdefault((id(scope), name), RoleHead(orient, why))

    def _made(self, name: str) -> str | None:
        """How a matrix is made, when that rules it out as an ordinary head: "normalised" (unit rows:
        a cosine classifier, CLIP's text features) or "derived" (a product, a difference: a
        projection of something else, not a layer's weight)."""
        for node in self._bindings.get(name, []):
            value = node.value
            if isinstance(node, ast.AugAssign):
                if isinstance(node.op, ast.Div) and "norm" in ast.unparse(value):
                    return "normalised"
                continue
            if _normalised(_unwrap(value)) is not None:
                return "normalised"
            if _is_product(value) or (isinstance(value, ast.BinOp) and isinstance(value.op, (ast.MatMult, ast.Sub))):
                return "derived"
        return None

    def _forward_normalised(self, tree: ast.Module) -> None:
        """A constructed layer whose weight a forward pass normalises is a cosine classifier."""
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and _FORWARD.match(fn.name):
                for node in ast.walk(fn):
                    inner = _normalised(node)
                    path = _named(inner) if inner is not None else None
                    if path is not None:
                        parts = path.split(".")
                        self._cosine.add(parts[-2] if parts[-1] == "weight" and len(parts) > 1 else parts[-1])
        for name in list(self.layers):
            if name.split("[")[0] in self._cosine:
                del self.layers[name]

    # ------------------------------------------------------------ queries
    def layer(self, path: str) -> Taint | None:
        """`<anything>.X.weight`, `X.kernel`, `params["params"]["X"]["kernel"]`, `X.get_weights()[0]`
        of a layer X recognised by its role."""
        if not self.layers:
            return None if _KERAS_LAST.search(path) is None else RoleHead(COLS, _KERAS_WHY).taint(path)
        if self._pattern is None:
            names = "|".join(re.escape(n) for n in sorted(self.layers, key=len, reverse=True))
            self._pattern = re.compile(
                rf"(?:^|\.)({names})(?:\.weight|\.kernel|\.get_weights\(\)\[0\]|\.weights\[0\])$"
            )
        m = self._pattern.search(path)
        if m is None:
            return None if _KERAS_LAST.search(path) is None else RoleHead(COLS, _KERAS_WHY).taint(path)
        role = self.layers[m.group(1)]
        kernel = not path.endswith(".weight")
        return RoleHead(COLS if kernel else role.orient, role.why).taint(path)

    def has_layer(self, name: str) -> bool:
        return name in self.layers

    def matrix(self, scopes: list[int], name: str) -> Taint | None:
        """A name (in the innermost scope that knows it) or an attribute path used as the head."""
        if "." in name:
            role = self.paths.get(name)
            return role.taint(name) if role is not None else None
        for scope in reversed(scopes):
            role = self.matrices.get((scope, name))
            if role is not None:
                return role.taint(name)
        return None


def _flax_dense(call: ast.Call) -> bool:
    """`nn.Dense(...)` of Flax (`flax.linen` under any alias), not Keras' `layers.Dense`."""
    func = call.func
    owner = access_path(func.value) if isinstance(func, ast.Attribute) else None
    return _stem(func) == "Dense" and owner is not None and not re.search(r"layers|keras", owner)


def _walks_layers(it: ast.AST) -> bool:
    """`model.modules()`, `list(net.children())`, `reversed(list(m.named_modules()))`."""
    while isinstance(it, ast.Call) and _stem(it.func) in ("list", "reversed", "tuple", "enumerate"):
        if not it.args:
            return False
        it = it.args[0]
    return isinstance(it, ast.Call) and _stem(it.func) in ("modules", "children", "named_modules", "named_children")


def _tests_linear(test: ast.AST) -> bool:
    """`isinstance(m, nn.Linear)`, `isinstance(m, (nn.Linear, Dense))`."""
    for node in ast.walk(test):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance" and len(node.args) == 2:
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            if any(_stem(k) in _LINEAR | _DENSE for k in kinds):
                return True
    return False


class RoleRules:
    """Mixin of the analyser: names and layers that are heads by their role (`HeadRoles`)."""

    roles: HeadRoles
    _role_scopes: list[int]

    def _analyse_function(self, info: Any, *args: Any, **kwargs: Any) -> None:
        self._role_scopes.append(id(info.node))
        try:
            super()._analyse_function(info, *args, **kwargs)  # type: ignore[misc]
        finally:
            self._role_scopes.pop()

    def role_value(self, name: str, value: Any) -> Any:
        """The value of a name or attribute path: a head by its role when nothing else is known of it."""
        if value is None or (isinstance(value, Taint) and value.kind == PARAM and not value.row):
            role = self.roles.matrix(self._role_scopes, name)
            if role is not None:
                return role
        return value


def get_layer(an: Any, c: CallSite) -> Any:
    """Keras `model.get_layer("probs")` of a layer built as the output layer: that layer."""
    name = _const_str(c.node.args[0]) if c.node.args else _const_str(c.kw("name"))
    func = c.node.func
    base = access_path(func.value) if isinstance(func, ast.Attribute) else None
    if base is not None and c.const_arg(1, "index") == -1:
        return HeadModule(f"{base}.layers[-1]")  # the last layer
    if name is not None and base is not None and an.roles.has_layer(name):
        return HeadModule(f"{base}.{name}")
    return NOTHING


FUNCTIONS: dict[str, Handler] = {**table(get_layer, "get_layer")}
