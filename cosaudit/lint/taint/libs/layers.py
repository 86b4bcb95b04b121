"""Heads recognised by their role in the code, not by their name.

A pre-pass over the module (`HeadRoles`) finds the layers and matrices that *act* as the output
layer of a softmax model, whatever they are called:

- **by construction**: an attribute or variable built as the output layer — `self.X =
  nn.Linear(d, num_classes)` (also `len(classes)`, `config.num_labels`, `vocab_size`, …), a
  Linear / Dense named as a readout or head, Flax `nn.Dense(self.num_classes, name=…)` (unnamed:
  `Dense_k`, its position among the module's Dense layers), Keras `Dense(k, activation="softmax")`,
  an `nn.Sequential` that ends in such a Linear (or in a softmax);
- **by use** (`head_uses.py`): a matrix whose product with hidden states becomes `logits` or feeds softmax /
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
from dataclasses import dataclass, field
from typing import Any

from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.libs.common import CallSite, Handler, table
from cosaudit.lint.taint.libs.head_uses import (
    CRITERIA,
    LOGITS,
    MODEL_NAME,
    USES,
    RoleHead,
    UseRules,
    const_str,
    counts_labels,
    named,
    normalised,
    stem,
    target_name,
)
from cosaudit.lint.taint.syntax import access_path, const, name_tests, self_attribute, walk_nodes
from cosaudit.lint.taint.values import COLS, LABEL, NOTHING, PARAM, ROWS, EveryLayer, HeadModule, Taint

# a layer named as the readout of the model
_HEAD_NAME = re.compile(
    r"^(?:readout|logits?|to_logits|lm_?head|unembed\w*|clf|cls|classif\w*|\w*_classifier|\w*vocab\w*|"
    r"\w+_head|head|decoder_out|output_layer|out_layer|final_linear|final_fc|last_fc|last_linear)$",
    re.I,
)
_LINEAR = {"Linear", "LazyLinear"}
_DENSE = {"Dense"}
_SOFTMAX_LAYERS = {"Softmax", "LogSoftmax"}
_LAST_KEY = "<last layer>"
# Keras' last layer: `model.layers[-1].weights[0]`, `model.get_layer(index=-1).get_weights()[0]`
_LAST_LAYER = re.compile(r"(?:^|\.)layers\[-1\]\.(?:weight|weights\[0\]|trainable_weights\[0\])$")
# a Keras model's weights in order, the last layer's kernel second to last (`model.get_weights()[-2]`)
_KERAS_SECOND_TO_LAST = re.compile(
    r"(?:^|\.)(?:get_weights\(\)|trainable_weights|weights|trainable_variables|variables)\[-2\]$"
)
_FORWARD = re.compile(r"^(forward|__call__|call|logits?|get_logits|compute_logits)$")





def _kw(call: ast.Call, *names: str) -> ast.AST | None:
    return next((k.value for k in call.keywords if k.arg in names), None)



def _layer_kind(call: ast.AST) -> str | None:
    if not isinstance(call, ast.Call):
        return None
    name = stem(call.func)
    if name in _LINEAR or name in _DENSE or name == "Sequential" or name in _SOFTMAX_LAYERS:
        return name
    return None


def _out_features(call: ast.Call) -> ast.AST | None:
    name = stem(call.func)
    if name == "Linear" and len(call.args) != 1:  # torch `Linear(in, out)`; Haiku `hk.Linear(out)` below
        return _kw(call, "out_features") or (call.args[1] if len(call.args) > 1 else None)
    return _kw(call, "out_features", "features", "units", "output_size") or (call.args[0] if call.args else None)


def _output_layer(call: ast.Call, target: str) -> str | None:
    """Why a Linear / Dense call builds an output layer (None: no reason to think so)."""
    name = stem(call.func)
    out = _out_features(call)
    if out is not None and counts_labels(out):
        return f"built as {name}(…, {ast.unparse(out)})"
    act = _kw(call, "activation")
    activation = const_str(act) or (stem(act) if act is not None else None)  # "softmax", tf.nn.softmax
    if name in _DENSE and activation in ("softmax", "log_softmax"):
        return f'built as {name}(…, activation="{activation}")'
    if _HEAD_NAME.match(target):
        return f"a {name} layer named as the model's readout"
    return None


def _sequential_head(call: ast.Call, target: str) -> tuple[int, int] | None:
    """An `nn.Sequential` ending in an output layer (or in a softmax after a Linear): the index of
    its last Linear and the number of its layers."""
    items = list(call.args)
    linear = [(i, a) for i, a in enumerate(items) if isinstance(a, ast.Call) and _layer_kind(a) in _LINEAR | _DENSE]
    if not linear:
        return None
    last, layer = linear[-1]
    why = _output_layer(layer, target)
    if why is None and any(_layer_kind(a) in _SOFTMAX_LAYERS for a in items[last + 1 :]):
        why = "the last Linear of a Sequential that ends in a softmax"
    return (last, len(items)) if why is not None else None


def _sequential_model(call: ast.Call) -> int | None:
    """`model = nn.Sequential(nn.Flatten(), nn.Linear(784, 128), nn.ReLU(), nn.Linear(128, 10))`: the
    index of the last item, a Linear with more than one output, of a model that is one Sequential."""
    items = list(call.args)
    while items and _layer_kind(items[-1]) in _SOFTMAX_LAYERS:
        items.pop()
    last = items[-1] if items else None
    if not (isinstance(last, ast.Call) and _layer_kind(last) in _LINEAR):
        return None
    if const(_out_features(last)) in (None, 1):
        return None  # one output: a regression or a binary (sigmoid) model
    return len(items) - 1


# calls that may compare or normalise vectors (products, norms, similarities, distances, indexes,
# clustering) or name a helper that does; a module with none of them, and no `@` or `*`, is skipped
_COMPARING_CALL = re.compile(
    r"cos|sim|gram|angle|pair|near|close|neighbo|norm|dist|corr|cov|dot|mm$|matmul|matvec|einsum|inner|"
    r"kernel|knn|faiss|index|cluster|means|scan|optics|acos|div|mul|sqrt|linear|search|pearson|spearman|kendall",
    re.I,
)


def _compares(node: ast.AST) -> bool:
    if isinstance(node, ast.BinOp):
        return isinstance(node.op, (ast.MatMult, ast.Mult))
    return isinstance(node, ast.Call) and bool(_COMPARING_CALL.search(stem(node.func) or ""))


@dataclass(frozen=True)
class ClassHeads:
    """The output layers of model classes that a file imports from a scanned module (`from
    src.word2vec import CBOW`, whose `self.U = nn.Linear(embed_dim, vocab_size)` its forward pass
    returns): by layer name, and the layer each class's forward pass returns."""

    layers: dict[str, RoleHead] = field(default_factory=dict)
    returns: dict[str, str] = field(default_factory=dict)


def class_heads(tree: ast.Module, where: str) -> dict[str, ClassHeads]:
    """The output layers of each module-level class of a module (at `where`), read as the class's own
    file would read them: built with one output per label, named as the readout, or used for logits in
    its methods; a layer its forward pass normalises (a cosine classifier) is none."""
    out: dict[str, ClassHeads] = {}
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        roles = HeadRoles(ast.Module(body=[cls], type_ignores=[]), whole=True)
        layers = {
            name: RoleHead(role.orient, f"{role.why}, in class `{cls.name}` of `{where}`")
            for name, role in roles.layers.items()
        }
        returned = roles._returns.get(cls.name)
        if layers or returned:
            out[cls.name] = ClassHeads(layers, {cls.name: returned} if returned else {})
    return out


class HeadRoles(UseRules):
    """The heads of one module found by construction, use and position; with `imported`, also the
    output layers of the model classes it imports from scanned modules. `whole`: read every class even
    when nothing in the module compares vectors (a module summarised for its importers)."""

    def __init__(self, tree: ast.Module, imported: ClassHeads | None = None, *, whole: bool = False):
        self.layers: dict[str, RoleHead] = {}  # `fc3`, `mlp[-1]`, `Dense_2`: a layer built or used as the head
        self.matrices: dict[tuple[int, str], RoleHead] = {}  # (scope, name / path) used as the head
        self.paths: dict[str, RoleHead] = {}  # `self.W`: attributes used as the head, in any method
        self._cosine: set[str] = set()  # names used normalised to compute logits
        self._criteria: set[str] = set()
        self._pattern: re.Pattern[str] | None = None
        self.last_keys: dict[str, str] = {}  # `last = sorted(params["params"])[-1]`: names holding the last layer's key
        nodes = walk_nodes(tree)
        functions = [n for n in nodes if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        self._functions = {fn.name: fn for fn in functions}
        self._bindings: dict[str, list[ast.Assign | ast.AugAssign]] = {}
        self._keras = False  # the file imports TensorFlow / Keras: `layers[-1]` is a Keras layer
        self._returns: dict[str, str] = {}  # class -> the layer its forward pass returns (`self.fc3(x)`)
        # class -> (its forward pass, the product that pass returns: `h @ self.item_emb.weight.T`)
        self._returned_products: dict[str, tuple[ast.AST, ast.AST]] = {}
        self._method_class: dict[int, str] = {}  # id of a method -> its class's name
        self._instances: dict[str, str] = {}  # `net = Net()`: name -> class
        self._called: set[str] = set()  # `net(x)`: what the module calls, by access path
        self._sequential_models: dict[str, ast.Call] = {}  # `model = nn.Sequential(...)` -> its call
        self._head_lists: set[str] = set()  # `heads`: a list of the layers picked by a head's name
        self._classes: list[ast.ClassDef] = []
        self._dense = False  # a `Dense(...)` call: Flax names to work out
        self._used = False  # logits, a softmax, a loss or a trainable matrix: uses to look at
        if not whole and not any(_compares(n) for n in nodes):
            return  # nothing here compares vectors, so no head found by its role could be reported
        for node in nodes:
            self._scan(node)
        for cls in self._classes:
            if self._dense:
                self._flax_names(cls)
            self._returned_layer(cls)
            self._made_model_output(cls)
        self._unrun_sequential_models()
        if imported is not None:  # the file's own classes and layers come first
            for cls_name, layer in imported.returns.items():
                self._returns.setdefault(cls_name, layer)
            for name, role in imported.layers.items():
                self.layers.setdefault(name, role)
        if self._used:
            for scope in [tree, *functions]:
                self._uses(scope)
            self._given_heads([tree, *functions])
        self._forward_normalised(functions)

    def _scan(self, node: ast.AST) -> None:
        """One node of the pre-pass: bindings, constructions, instances, imports, loops."""
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                self._bind(t, node)
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            self._construction(target, node.value)
            self._instance(target, node.value)
            self._named_heads_listed(target, node.value)
            self._layer_alias(target, node.value)
            if stem(getattr(node.value, "func", None) or ast.Pass()) in CRITERIA:
                self._criteria.add(access_path(target) or "")  # `criterion = nn.CrossEntropyLoss()`
            if isinstance(target, ast.Name):
                self._last_key(target.id, node.value)
                self._used = self._used or bool(LOGITS.search(target.id))
        elif isinstance(node, ast.Call):
            self._call(node)
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            self._keras = self._keras or any(re.match(r"(tensorflow|keras|tf_keras)\b", n) for n in names)
        elif isinstance(node, ast.ClassDef):
            self._classes.append(node)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            self._last_in_loop(node)

    def _call(self, node: ast.Call) -> None:
        name = stem(node.func)
        self._called.add(access_path(node.func) or "")
        if name == "add_module" and len(node.args) == 2:
            self._construction(ast.Name(id=const_str(node.args[0]) or "", ctx=ast.Store()), node.args[1])
        self._dense = self._dense or name == "Dense"
        self._used = self._used or name in USES or any(k.arg == "requires_grad" for k in node.keywords)

    def _bind(self, target: ast.AST, node: ast.Assign | ast.AugAssign) -> None:
        path = access_path(target)
        if path is not None:
            self._bindings.setdefault(path, []).append(node)
        else:
            self._unpacked(target, node.value)

    # ------------------------------------------------------------ construction
    def _construction(self, target: ast.AST, value: ast.AST) -> None:
        name = target_name(target)
        func = value.func if isinstance(value, ast.Call) else None
        if isinstance(func, ast.Call) and _layer_kind(func) in _DENSE | _LINEAR:
            # Keras' functional API: `outputs = Dense(k, activation="softmax", name="preds")(x)`
            name, value = const_str(_kw(func, "name")), func
        kind = _layer_kind(value)
        if name is None or kind is None:
            self._linear_list(target, value)
            return
        assert isinstance(value, ast.Call)
        if kind == "Sequential":
            seq = _sequential_head(value, "")
            if seq is not None:
                self._sequential_output(name, seq[0])
            elif MODEL_NAME.match(name):
                self._sequential_models[name] = value  # decided once every call of the module is seen
            return
        why = _output_layer(value, name) if kind in _LINEAR | _DENSE else None
        if why is not None:
            role = RoleHead(ROWS if kind in _LINEAR else COLS, f"`{name}` is {why}")
            self.layers[name] = role
            named = const_str(_kw(value, "name"))  # Keras `model.get_layer("probs")`
            if named is not None:
                self.layers[named] = role

    def _flax_names(self, cls: ast.ClassDef) -> None:
        """A Flax module's unnamed Dense layers are `Dense_0`, `Dense_1`, … in the order they are made."""
        dense = [n for n in ast.walk(cls) if isinstance(n, ast.Call) and _flax_dense(n)]
        dense.sort(key=lambda n: (n.lineno, n.col_offset))
        for k, call in enumerate(dense):
            named = const_str(_kw(call, "name"))
            why = _output_layer(call, named or "")
            if why is not None:
                label = named or f"Dense_{k}"
                self.layers[label] = RoleHead(COLS, f"Flax layer `{label}` is {why}")

    def _linear_list(self, target: ast.AST, value: ast.AST) -> None:
        """`linears = [m for m in model.modules() if isinstance(m, nn.Linear)]`: `linears[-1]` is
        the last Linear layer, the classifier."""
        name = target_name(target)
        if name is None or not isinstance(value, ast.ListComp) or len(value.generators) != 1:
            return
        gen = value.generators[0]
        if _walks_layers(gen.iter) and any(_tests_linear(c) for c in gen.ifs):
            why = f"`{name}[-1]` is the last Linear layer of a model"
            self.layers[f"{name}[-1]"] = RoleHead(ROWS, why)

    def _last_key(self, name: str, value: ast.AST) -> None:
        """`last = sorted(params["params"].keys())[-1]` / `list(params)[-1]`: the key of a Flax /
        Haiku model's last layer (`params["params"][last]["kernel"]` is the output kernel)."""
        if not (isinstance(value, ast.Subscript) and const(value.slice) == -1 and isinstance(value.value, ast.Call)):
            return
        call = value.value
        if stem(call.func) in ("sorted", "list") and call.args and "param" in ast.unparse(call.args[0]):
            self.last_keys[name] = _LAST_KEY
            self.layers[_LAST_KEY] = RoleHead(COLS, f"`{name}` is the key of the model's last layer")

    def _last_in_loop(self, loop: ast.For | ast.AsyncFor) -> None:
        """`for m in model.modules(): if isinstance(m, nn.Linear): last = m` (no break; or over
        `reversed(...)` with a break): `last` is the last Linear layer, the classifier."""
        var = loop.target.elts[-1] if isinstance(loop.target, ast.Tuple) else loop.target
        if not isinstance(var, ast.Name) or not _walks_layers(loop.iter):
            return
        if isinstance(loop.target, ast.Tuple) and isinstance(loop.target.elts[0], ast.Name):
            self._named_heads_in_loop(loop, loop.target.elts[0].id, var.id)
        backwards = isinstance(loop.iter, ast.Call) and stem(loop.iter.func) == "reversed"
        breaks = any(isinstance(n, ast.Break) for n in ast.walk(loop))
        if backwards != breaks:
            return  # the first Linear layer, not the last
        for node in ast.walk(loop):
            if isinstance(node, ast.If) and _tests_linear(node.test):
                for stmt in node.body:
                    if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Name) and stmt.value.id == var.id:
                        for t in stmt.targets:
                            name = target_name(t)
                            if name is not None:
                                self.layers[name] = RoleHead(ROWS, f"`{name}` is the last Linear layer of a model")

    def _named_heads_in_loop(self, loop: ast.For | ast.AsyncFor, name_var: str, var: str) -> None:
        """`for name, m in model.named_children(): if name in ["fc", "classifier", "head"]:
        heads.append(m)` (TTAB's T3A): a layer picked by a head's name is the head, and so is any item of
        the list it is kept in (`heads[-1]`)."""
        for node in ast.walk(loop):
            if not (isinstance(node, ast.If) and self._tests_head_name(node.test, name_var)):
                continue
            for stmt in node.body:
                kept = _kept_layer(stmt, var)
                if kept is not None:
                    self._head_list(kept)

    def _named_heads_listed(self, target: ast.AST, value: ast.AST) -> None:
        """`heads = [m for name, m in net.named_children() if name in ("fc", "classifier", "head")]`: the
        list's items are the layers named as the head."""
        if not (isinstance(value, ast.ListComp) and len(value.generators) == 1):
            return
        gen, kept = value.generators[0], target_name(target)
        names = gen.target.elts if isinstance(gen.target, ast.Tuple) and len(gen.target.elts) == 2 else []
        if kept is None or not names or not all(isinstance(n, ast.Name) for n in names) or not _walks_layers(gen.iter):
            return
        name_var, var = (n.id for n in names if isinstance(n, ast.Name))
        if isinstance(value.elt, ast.Name) and value.elt.id == var and any(
            self._tests_head_name(test, name_var) for test in gen.ifs
        ):
            self._head_list(kept)

    def _head_list(self, kept: str) -> None:
        """`kept` holds the layer(s) picked by a head's name: it, and its first and last items, are the head."""
        self._head_lists.add(kept)
        role = RoleHead(ROWS, f"`{kept}` keeps a layer picked by a head's name (fc, classifier, head)")
        for key in (kept, f"{kept}[-1]", f"{kept}[0]"):
            self.layers[key] = role

    def _layer_alias(self, target: ast.AST, value: ast.AST) -> None:
        """`last = heads[-1]` of a list of head layers (`_head_list`): `last` is that layer."""
        if not isinstance(value, ast.Subscript):
            return
        name, listed, index = target_name(target), target_name(value.value), const(value.slice)
        if name is not None and listed in self._head_lists and isinstance(index, int):
            self.layers.setdefault(name, self.layers[listed])  # any item of the list is a head-named layer

    def _tests_head_name(self, test: ast.AST, name_var: str) -> bool:
        """`name in ["fc", "classifier", "head"]` (a list literal, or a name or a class attribute bound once
        to one: `self.HEAD_NAMES`), `name == "fc"`: every name tested is a head's."""
        if isinstance(test, ast.Compare) and len(test.comparators) == 1:
            listed = test.comparators[0]
            bound = listed.id if isinstance(listed, ast.Name) else self_attribute(listed)
            if bound and len(self._bindings.get(bound, [])) == 1:
                test = ast.Compare(left=test.left, ops=test.ops, comparators=[self._bindings[bound][0].value])
        names = [text for var, text in name_tests(test) if var == name_var]
        return bool(names) and all(_HEAD_CHILD.match(n) for n in names)

    def _sequential_output(self, name: str, last: int) -> None:
        role = RoleHead(ROWS, f"`{name}` is an nn.Sequential whose last Linear is the output layer")
        self.layers[f"{name}[-1]"] = self.layers[f"{name}[{last}]"] = role

    def _unrun_sequential_models(self) -> None:
        """A model that is one Sequential ending in a Linear with more than one output, and that the
        module never runs (`model(x)` would show what its output goes to): that Linear is its output
        layer."""
        for name, call in self._sequential_models.items():
            last = _sequential_model(call)
            if last is not None and name not in self._called:
                self._sequential_output(name, last)

    def _made_model_output(self, cls: ast.ClassDef) -> None:
        """`net = Net()` of a class whose forward pass returns `self.fc2(h)`, an `nn.Linear` with
        more than one output built in that class: `fc2` is the model's output layer when the file
        never runs the model (an analysis of a trained classifier's rows). A model the file runs is
        judged by what its output goes to: a regression loss makes the returned layer no head."""
        layer = self._returns.get(cls.name)
        made = [name for name, made_of in self._instances.items() if made_of == cls.name]
        if layer is None or not made or any(name in self._called for name in made):
            return
        for node in ast.walk(cls):
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Call)):
                continue
            if access_path(node.targets[0]) == f"self.{layer}" and _layer_kind(node.value) in _LINEAR:
                if const(_out_features(node.value)) not in (None, 1):
                    why = f"`{layer}` is the Linear layer `{cls.name}`'s forward pass returns (line {node.lineno})"
                    self.layers.setdefault(layer, RoleHead(ROWS, why))

    # ------------------------------------------------------------ use
    def _forward_normalised(self, functions: list[ast.FunctionDef | ast.AsyncFunctionDef]) -> None:
        """A constructed layer whose weight a forward pass normalises is a cosine classifier."""
        for fn in functions:
            if _FORWARD.match(fn.name):
                for node in ast.walk(fn):
                    inner = normalised(node)
                    path = named(inner) if inner is not None else None
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
            return self._last_layer(path)
        if self._pattern is None:
            names = "|".join(re.escape(n) for n in sorted(self.layers, key=len, reverse=True))
            self._pattern = re.compile(
                rf"(?:^|\.)({names})(?:\.weight|\.kernel|\.get_weights\(\)\[0\]|\.weights\[0\])$"
            )
        m = self._pattern.search(path)
        if m is None:
            return self._last_layer(path)
        role = self.layers[m.group(1)]
        kernel = not path.endswith(".weight")
        return RoleHead(COLS if kernel else role.orient, role.why).taint(path)

    def _last_layer(self, path: str) -> Taint | None:
        """`model.layers[-1].weight` / `.weights[0]`: the last layer's weight (a Keras kernel: columns);
        in a Keras file, `model.get_weights()[-2]` / `model.trainable_weights[-2]`: the last Dense
        layer's kernel, ahead of its bias (as `list(model.parameters())[-2]` is in PyTorch)."""
        if self._keras and _KERAS_SECOND_TO_LAST.search(path):
            why = "it is the model's second-to-last weight, the kernel of its last layer (its bias comes last)"
            return Taint(LABEL, COLS, source=path, confidence="medium", why=why)
        if _LAST_LAYER.search(path) is None:
            return None
        keras = self._keras or not path.endswith(".weight")
        why = "it is the kernel of the model's last layer" if keras else "it is the weight of the model's last layer"
        return RoleHead(COLS if keras else ROWS, why).taint(path)

    def has_layer(self, name: str) -> bool:
        return name in self.layers

    def instance_class(self, path: str) -> str | None:
        """The name of the call that made `path` (`model = Model()`: `Model`), if any."""
        return self._instances.get(path)

    def matrix(self, scopes: list[int], name: str) -> Taint | None:
        """A name (in the innermost scope that knows it) or an attribute path used as the head."""
        if "." in name:  # `self.W` in its class, `model.W` of an instance outside
            role = self.paths.get(name) or self.paths.get("self." + name.rsplit(".", 1)[-1])
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
    return stem(func) == "Dense" and owner is not None and not re.search(r"layers|keras", owner)


# the names a model's head layer goes by among its children (`fc`, `classifier`, `head`, `lm_head`)
_HEAD_CHILD = re.compile(r"^(?:fc|classifier|head|lm_head|last_linear|logits|output_layer)$")


def _kept_layer(stmt: ast.stmt, var: str) -> str | None:
    """The name a loop's layer `var` is kept under: `head = m`, `self.heads.append(m)`."""
    if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Name) and stmt.value.id == var:
        return target_name(stmt.targets[0])
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "append":
        if len(call.args) == 1 and isinstance(call.args[0], ast.Name) and call.args[0].id == var:
            return target_name(call.func.value)
    return None


def _walks_layers(it: ast.AST) -> bool:
    """`model.modules()`, `list(net.children())`, `reversed(list(m.named_modules()))`."""
    while isinstance(it, ast.Call) and stem(it.func) in ("list", "reversed", "tuple", "enumerate"):
        if not it.args:
            return False
        it = it.args[0]
    return isinstance(it, ast.Call) and stem(it.func) in ("modules", "children", "named_modules", "named_children")


def _linear_tested(test: ast.AST) -> Iterator[ast.expr]:
    """What `isinstance(m, nn.Linear)`, `isinstance(m, (nn.Linear, Dense))` (alone or in an `and`) tests."""
    for node in ast.walk(test):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance" and len(node.args) == 2:
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            if any(stem(k) in _LINEAR | _DENSE for k in kinds):
                yield node.args[0]


def every_linear(test: ast.AST, env: dict[str, Any]) -> tuple[str, EveryLayer] | None:
    """A Linear test of a loop variable over a model's layers: the variable and the loop's layers."""
    for var in _linear_tested(test):
        every = env.get(var.id) if isinstance(var, ast.Name) else None
        if isinstance(var, ast.Name) and isinstance(every, EveryLayer):
            return var.id, every
    return None


def _tests_linear(test: ast.AST) -> bool:
    return next(_linear_tested(test), None) is not None


class RoleRules:
    """Mixin of the analyser: names and layers that are heads by their role (`HeadRoles`)."""

    roles: HeadRoles
    _role_scopes: list[int]

    def _analyse_function(self, info: Any, *args: Any, **kwargs: Any) -> None:
        self._role_scopes.append(id(info.node))
        try:
            super()._analyse_function(info, *args, **kwargs)  # type: ignore[misc]  # FunctionRules', next in the MRO
        finally:
            self._role_scopes.pop()

    def role_value(self, name: str, value: Any) -> Any:
        """The value of a name or attribute path: a head by its role when nothing else is known of it."""
        if value is None or (isinstance(value, Taint) and value.kind == PARAM and not value.row):
            role = self.roles.matrix(self._role_scopes, name)
            if role is not None:
                return role
        return value


# the name `keras.applications` gives a model's Dense softmax output (VGG, ResNet, Inception, Xception,
# MobileNetV2/V3, EfficientNet, ConvNeXt); `fc1000` in the first ResNet50 of Keras 2
_KERAS_APPLICATION_HEADS = frozenset({"predictions", "fc1000"})


def get_layer(an: AnalyzerHost, c: CallSite) -> Any:
    """Keras `model.get_layer("probs")` of a layer built as the output layer: that layer."""
    name = const_str(c.node.args[0]) if c.node.args else const_str(c.kw("name"))
    func = c.node.func
    base = access_path(func.value) if isinstance(func, ast.Attribute) else None
    if base is not None and c.const_arg(1, "index") == -1:
        return HeadModule(f"{base}.layers[-1]")  # the last layer
    if name is not None and base is not None and an.roles.has_layer(name):
        return HeadModule(f"{base}.{name}")
    if name in _KERAS_APPLICATION_HEADS and base is not None:
        # a `keras.applications` model's softmax output layer, which is its last layer
        return HeadModule(f"{base}.layers[-1]", shown=f'{base}.get_layer("{name}")')
    return NOTHING


FUNCTIONS: dict[str, Handler] = {**table(get_layer, "get_layer")}
