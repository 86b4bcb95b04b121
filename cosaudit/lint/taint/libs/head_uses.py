"""Heads recognised by use: a matrix whose product with hidden states computes the logits.

`UseRules` is the part of `layers.HeadRoles` that reads what the code *does* with a matrix or a
layer: its product with hidden states becomes `logits` or goes to softmax / log_softmax /
cross_entropy / nll_loss / a cross-entropy criterion / argmax / topk (`logits = h @ M.T`,
`F.linear(h, M, b)`, `einsum("bd,vd->bv", h, M)`, `feats.matmul(C)`), or a layer's output (or the
output of a model of the file, through the layer its forward pass returns) goes there. Matrices
used only normalised (a cosine classifier, CLIP's text features), derived ones (a product, a
difference) and attention keys, class means, prototypes and retrieval databases are not heads.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from cosaudit.lint.taint.names import label_name
from cosaudit.lint.taint.syntax import ARRAY_MODULES, access_path, base_expr, const, kw
from cosaudit.lint.taint.values import (
    COLS,
    LABEL,
    ROWS,
    Taint,
)


@dataclass(frozen=True)
class RoleHead:
    """A head recognised by its role: its layout and why it was taken for one."""

    orient: str
    why: str
    # found only by an argmax / top-k over its product (a retrieval looks the same): too weak to pass on
    # to what a caller gives in its place
    ranked: bool = False

    def taint(self, source: str) -> Taint:
        return Taint(LABEL, self.orient, confidence="medium", source=source, why=self.why)


# the number of labels an output layer is built with
_COUNT = re.compile(
    r"^(?:num|n|nb|number_of|total|out)_?(?:classes|class|cls|labels?|categories|cats|tokens|vocab|way)$"
    r"|^(?:class(?:es)?|labels?|categories)_?(?:num|count|number|n|size)$"
    r"|^(?:classes|nclass(?:es)?|ncls|vocab|vocab_size|n_vocab|d_vocab|ntokens?|vocabulary_size|n_way|k_way)$",
    re.I,
)
_COUNTED = re.compile(r"class|label|categor|vocab|token|idx_to|itos|stoi|word", re.I)
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
CRITERIA = {"CrossEntropyLoss", "NLLLoss", "SparseCategoricalCrossentropy", "CategoricalCrossentropy"}
LOGITS = re.compile(r"(?:^|_)logits?(?:_|$)")
_PRODUCTS = {"matmul", "mm", "dot", "inner"}
_TRANSPOSES = {"t", "transpose"}
# hidden states, features, attention operands, class means: never the head of a product
_HIDDEN = re.compile(
    r"^(?:(?-i:[hxzf](?:_\w+|\d+)?)|hs|\w*hid\w*|\w*hidden\w*|\w*feat\w*|features?|\w*resid\w*|acts?|activations?|reps?|repr\w*|out\w*|"
    r"inputs?|encoded\w*|enc\w*|pooled\w*|latent\w*|states?|last_hidden\w*|cls_\w*|tokens?_\w*|y_?hat)$",
    re.I,
)
_NOT_HEAD = re.compile(
    r"^(?:q|k|(?-i:v)|queries|query|keys?|values?|(?-i:\w*_[qkv]|[qkv]_\w*)|\w*_keys?|\w*_query|attn\w*|"
    r"\w*mean\w*|\w*centroid\w*|\w*proto\w*|mus?)$",
    re.I,
)
# ranked by argmax / topk, these are a retrieval's database, not a head
_RETRIEVED = re.compile(
    r"^(?:\w*emb\w*|corpus\w*|docs?|passages?|database|\w*memory\w*|\w*bank\w*|\w*queue\w*|index|\w*vectors?|"
    r"X\w*|\w*train\w*|\w*test\w*|data\w*|samples?|support\w*|refs?|references?|neighbou?rs?)$",
    re.I,
)
# two batches of representations compared (a contrastive loss's logits): neither is a head
_BATCH = re.compile(r"emb|feat|rep|proj|code|view|anchor|positive|negative|query|img|image|text|audio", re.I)
_RANKERS = {"argmax", "topk"}
# calls that make uses worth looking at: the logits' consumers, trainable matrices
USES = _CONSUMERS | {"Parameter", "Variable", "sampled_softmax_loss"} | CRITERIA
# tensors made by shape: `torch.randn(num_classes, d)`, `np.zeros((d, n_classes))`
_MAKERS = {"randn", "rand", "zeros", "ones", "empty", "Tensor", "FloatTensor", "normal", "standard_normal", "eye"}
_CENTRES = re.compile(r"cent(?:er|re)|mean|proto|anchor|codebook|queue|bank|emb", re.I)
# a matrix named as normalised (`W_unit`, `lm_head_norm`, `normed_w`): used so, a cosine classifier
_UNIT_NAME = re.compile(r"(?:^|_)(?:unit|norm|normed|normali[sz]ed|n)(?:_|$)", re.I)
# a normalising call: the libraries' (`F.normalize`, `tf.math.l2_normalize`, faiss' `normalize_L2`) or a
# file's own helper (`self._unit(w)`, `l2_normalise(x)`, `to_unit(v)`), not a norm (`norm(x)`)
_NORMALIZING = re.compile(r"^_?(?:unit|unit_norm|unitize|to_unit\w*|make_unit|l2_?norm\w*|normali[sz]e\w*)$", re.I)
MODULES = {"torch", "np", "numpy", "jnp", "tf", "F", "nn", "jax"}
_MOVES = {"to", "cuda", "cpu", "eval", "train", "double", "float", "half"}
MODEL_NAME = re.compile(r"^(?:self\.)?(?:model|net|network|classifier|clf|student|teacher|\w+_model|\w+_net)$")


def stem(node: ast.AST) -> str:
    """The identifier an expression ends in (`config.num_labels` -> `num_labels`)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def counts_labels(node: ast.AST | None) -> bool:
    """`num_classes`, `config.num_labels`, `self.vocab_size`, `len(classes)`, `len(tokenizer)`."""
    if node is None:
        return False
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "len" and node.args:
        return bool(_COUNTED.search(ast.unparse(node.args[0])))
    return bool(_COUNT.match(stem(node)))


def const_str(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def target_name(target: ast.AST) -> str | None:
    """`clf`, `self.fc3` -> `fc3`, `model.classifier[6]` -> `classifier[6]`."""
    if isinstance(target, ast.Name):
        return target.id
    if isinstance(target, ast.Attribute):
        return target.attr
    if isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant):
        base = target_name(target.value)
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


def _scaled(node: ast.AST) -> ast.AST:
    """What `torch.mul(X, s)` / `np.multiply(X, s)` scales."""
    if isinstance(node, ast.Call) and stem(node.func) in ("mul", "multiply") and node.args:
        return _unwrap(node.args[0])
    return node


def _is_product(node: ast.AST) -> bool:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
        return True
    return isinstance(node, ast.Call) and stem(node.func) in _PRODUCTS | {"linear", "einsum"}


def _transposed(node: ast.AST) -> ast.AST | None:
    """`W.T`, `W.t()`, `W.transpose(0, 1)`: W."""
    if isinstance(node, ast.Attribute) and node.attr in ("T", "mT"):
        return node.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _TRANSPOSES:
        if access_path(node.func.value) in MODULES:
            return node.args[0] if node.args else None  # `torch.transpose(W, 0, 1)`
        return node.func.value
    return None


def normalised(node: ast.AST) -> ast.AST | None:
    """`F.normalize(W, dim=1)`, `W / W.norm(dim=1, keepdim=True)`: W."""
    if isinstance(node, ast.Call) and node.args and _NORMALIZING.match(stem(node.func)):
        return node.args[0]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and "norm" in ast.unparse(node.right):
        return node.left
    return None


def _operands(product: ast.AST) -> tuple[ast.AST, ast.AST] | None:
    if isinstance(product, ast.BinOp):
        return product.left, product.right
    assert isinstance(product, ast.Call)
    func = product.func
    if stem(func) == "einsum":
        spec = const_str(product.args[0]) if product.args else None
        return (product.args[1], product.args[2]) if spec is not None and len(product.args) == 3 else None
    if stem(func) == "linear" and len(product.args) >= 2:
        return product.args[0], ast.Attribute(value=product.args[1], attr="T", ctx=ast.Load())
    if isinstance(func, ast.Attribute) and len(product.args) == 1 and stem(func) in ("matmul", "mm", "dot"):
        if access_path(func.value) not in ARRAY_MODULES:
            return func.value, product.args[0]  # `h.matmul(W)`
    if len(product.args) < 2:
        return None
    a, b = product.args[0], product.args[1]
    # `tf.matmul(h, W, transpose_b=True)`: `h @ W.T`
    if const(kw(product, "transpose_a")) is True:
        a = ast.Attribute(value=a, attr="T", ctx=ast.Load())
    if const(kw(product, "transpose_b")) is True:
        b = ast.Attribute(value=b, attr="T", ctx=ast.Load())
    return a, b


def _updated(name: str, value: ast.AST) -> bool:
    """`W - lr * grad`, `W + step`: a step of training applied to the matrix itself."""
    return isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)) and access_path(value.left) == name


# layers that pass a representation on (`x = self.dropout(x); return x`): not the output layer
_PASS_ON = re.compile(r"drop|relu|gelu|silu|act|norm|bn|ln|softmax|sigmoid|tanh|pool|flatten|identity", re.I)


def _last_layer_call(fn: ast.AST, name: str) -> ast.Call | None:
    """`x = self.out(x); return x`: the layer call last bound to the name a forward pass returns."""
    last: ast.AST | None = None
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and [access_path(t) for t in node.targets] == [name]:
            if last is None or node.lineno > getattr(last, "lineno", 0):
                last = node
    value = last.value if isinstance(last, ast.Assign) else None
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and not _PASS_ON.search(value.func.attr):
        return value
    return None


def _einsum_orient(call: ast.Call, head: ast.AST) -> str | None:
    """`einsum("bd,vd->bv", h, W)`: the head's label axis is the one it keeps in the output; rows
    when that axis comes first (`vd`), columns when last (`dv`)."""
    spec = (const_str(call.args[0]) or "").replace(" ", "")
    if "->" not in spec or spec.count(",") != 1:
        return None
    inputs, output = spec.split("->")
    mine = inputs.split(",")[1 if call.args[2] is head else 0]
    kept = [i for i, ch in enumerate(mine) if ch in output]
    if len(mine) != 2 or len(kept) != 1:
        return None
    return ROWS if kept[0] == 0 else COLS


def named(node: ast.AST) -> str | None:
    """The name or access path of a matrix operand (`W`, `self.W`, `model.fc.weight`)."""
    path = access_path(node)
    if path is None or "(" in path or "[" in path or path.split(".")[0] in MODULES:
        return None
    return path


def _other_operand(head: ast.AST, ops: tuple[ast.AST, ast.AST]) -> str | None:
    """The name of the matrix on the other side of the product (`E` of `E[t] * 100`, `-V.T`)."""
    other = base_expr(ops[1] if ops[0] is head or _transposed(ops[0]) is head else ops[0])
    return named(_transposed(other) or other)


def _stripped_path(value: ast.AST) -> str | None:
    """`model.lm_head.weight` of `model.lm_head.weight.detach().to(device)`."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        value = value.func.value
    return access_path(value)


def _head_operand(a: ast.AST, b: ast.AST) -> tuple[ast.AST, str] | None:
    """Of `a @ b` that computes logits, the head and its layout: the transposed one (`h @ W.T`), or
    the one that is not the hidden state (`h @ W`: columns; `W @ h`: rows)."""
    ta, tb = _transposed(a), _transposed(b)
    if _BATCH.search(stem(ta or a)) and _BATCH.search(stem(tb or b)):
        return None  # `emb_a @ emb_b.T`: two batches compared, as contrastive losses do
    if tb is not None and ta is None:
        return tb, ROWS
    if ta is not None and tb is None:
        return ta, COLS
    ha, hb = bool(_HIDDEN.match(stem(a))), bool(_HIDDEN.match(stem(b)))
    if ha and not hb:
        return b, COLS
    if hb and not ha:
        return a, ROWS
    return None



class UseRules:
    """Mixin of `HeadRoles`: heads by use, scope by scope."""

    layers: dict[str, RoleHead]
    matrices: dict[tuple[int, str], RoleHead]
    paths: dict[str, RoleHead]
    _cosine: set[str]
    _criteria: set[str]
    _bindings: dict[str, list[ast.Assign | ast.AugAssign]]
    _instances: dict[str, str]
    _returns: dict[str, str]
    _returned_products: dict[str, tuple[ast.AST, ast.AST]]
    _method_class: dict[int, str]
    _functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef]

    def _uses(self, scope: ast.AST) -> None:
        """Products of hidden states with a matrix, or calls of a layer, whose result is named
        `logits` or goes to softmax / a cross-entropy / argmax / topk, in one scope."""
        bound: dict[str, list[ast.Assign]] = {}
        own = sorted(_own_nodes(scope), key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))
        for node in own:
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
                continue
            target = node.targets[0]
            self._built_matrix(scope, target, node.value)
            key = access_path(target)
            if key is not None:  # `out = h @ W.T`, `self.u = np.dot(self.W1.T, self.h)`
                bound.setdefault(key, []).append(node)
            if isinstance(target, ast.Name) and LOGITS.search(target.id):
                self._logits(scope, node.value, f"`{target.id}`", node.lineno)
        for node in own:
            if not isinstance(node, ast.Call):
                continue
            self._sampled_softmax(scope, node)
            arg = self._consumed(node)
            if arg is None:
                continue
            core = _unwrap(arg)
            key = access_path(core) if isinstance(core, (ast.Name, ast.Attribute)) else None
            if key is not None:  # `out = h @ W.T` ... `F.cross_entropy(out.view(-1, V), y)`
                before = [a for a in bound.get(key, []) if a.lineno <= getattr(node, "lineno", 0)]
                core = before[-1].value if before else core
            self._logits(scope, core, f"logits that go to `{stem(node.func)}`", getattr(node, "lineno", 0))

    def _built_matrix(self, scope: ast.AST, target: ast.AST, value: ast.AST) -> None:
        """`self.W = nn.Parameter(torch.randn(num_classes, d))`, `torch.zeros(d, n_classes,
        requires_grad=True)`: a trainable matrix made with one row per class (columns when the classes
        come second); class centres, means, prototypes and accumulators are not heads."""
        name = named(target)
        trained = False  # a trainable weight, not an accumulator or test data
        while isinstance(value, ast.Call) and stem(value.func) in ("Parameter", "Variable") and value.args:
            value, trained = value.args[0], True
        if name is None or not isinstance(value, ast.Call) or stem(value.func) not in _MAKERS:
            return
        grad = next((k.value for k in value.keywords if k.arg == "requires_grad"), None)
        if not (trained or (isinstance(grad, ast.Constant) and grad.value is True)):
            return
        dims = value.args[0].elts if len(value.args) == 1 and isinstance(value.args[0], ast.Tuple) else value.args
        if len(dims) != 2 or _NOT_HEAD.match(name.rsplit(".", 1)[-1]) or _CENTRES.search(name):
            return
        orient = ROWS if counts_labels(dims[0]) else COLS if counts_labels(dims[1]) else None
        if orient is not None:
            why = f"`{name}` is made as a [{ast.unparse(dims[0])}, {ast.unparse(dims[1])}] matrix"
            self._matrix(scope, name, RoleHead(orient, why))

    def _matrix(self, scope: ast.AST, name: str, role: RoleHead) -> None:
        if "." in name:
            self.paths.setdefault(name, role)
        else:
            self.matrices.setdefault((id(scope), name), role)

    def _given_heads(self, scopes: list[ast.AST]) -> None:
        """`loss_fn(h, M, y)` of a function of this file whose parameter is used as the head there
        (`def loss_fn(h, W, y): logits = h @ W.T`): the matrix given in its place is the head, in the
        caller's scope."""
        for scope in scopes:
            for node in _own_nodes(scope):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                    continue
                fn = self._functions.get(node.func.id)
                if fn is None or fn is scope:
                    continue
                params = [a.arg for a in fn.args.posonlyargs + fn.args.args]
                given = [*zip(params, node.args, strict=False), *((k.arg, k.value) for k in node.keywords if k.arg)]
                for param, arg in given:
                    role, name = self.matrices.get((id(fn), param)), named(arg)
                    if role is not None and name is not None and not role.ranked:
                        why = f"`{name}` is given to `{fn.name}()` as `{param}`, and there {role.why}"
                        self._matrix(scope, name, RoleHead(role.orient, why))

    def _sampled_softmax(self, scope: ast.AST, call: ast.Call) -> None:
        """`tf.nn.sampled_softmax_loss(weights=W, biases=b, labels=y, inputs=h, ...)`: `W` is the
        softmax's weights, one row per class, whatever its name (a recommender's item table)."""
        if stem(call.func) != "sampled_softmax_loss":
            return
        given = kw(call, "weights") or (call.args[0] if call.args else None)
        name = named(given) if given is not None else None
        if name is not None:
            why = f"`{name}` is the weights of `sampled_softmax_loss` (line {call.lineno})"
            self._matrix(scope, name, RoleHead(ROWS, why))

    def _consumed(self, call: ast.Call) -> ast.AST | None:
        """What a softmax / loss / argmax call takes as logits."""
        name = stem(call.func)
        logits = kw(call, "logits")
        if logits is not None and name in _CONSUMERS:
            return logits  # `tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=h @ W.T)`
        if name in _CONSUMERS or (self._criteria and access_path(call.func) in self._criteria):
            receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
            if receiver is not None and stem(receiver) not in MODULES and (not call.args or name in _RANKERS):
                return receiver  # `(h @ W.T).softmax(-1)`, `out.argmax(1)`
            return call.args[0] if call.args else None
        return None

    def _instance(self, target: ast.AST, value: ast.AST) -> None:
        """`net = Net()`, `model = Net(10).to(device)`, `net, reg = Net(), Reg()`: an instance of a class
        of this file."""
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
            for one, made in zip(target.elts, value.elts, strict=True):
                self._instance(one, made)
            return
        while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _MOVES:
            value = value.func.value
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
            self._instances[access_path(target) or ""] = value.func.id

    def _returned_layer(self, cls: ast.ClassDef) -> None:
        """The layer a module's forward pass returns last (`return self.fc3(x)`; `return self.fc(h), h`),
        or the product it returns (`return h @ self.item_emb.weight.T`: a table read out as the output)."""
        for fn in cls.body:
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self._method_class[id(fn)] = cls.name
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.name in ("forward", "__call__", "call"):
                for node in ast.walk(fn):
                    value = node.value if isinstance(node, ast.Return) else None
                    if isinstance(value, ast.Tuple) and value.elts:
                        value = value.elts[0]
                    if isinstance(value, ast.Name):
                        value = _last_layer_call(fn, value.id)
                    if value is not None and _is_product(_unwrap(value)):
                        self._returned_products[cls.name] = (fn, value)
                    elif isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.args:
                        if access_path(value.func.value) == "self":
                            self._returns[cls.name] = value.func.attr

    def _model_output(self, called: str, what: str, line: int, scope: ast.AST | None = None) -> None:
        """`out = net(x); loss = criterion(out, y)` with `net` an instance of a class of this file (or
        the file's only model, or `self(x)` in one of the class's methods): the layer its forward pass
        returns is the output layer, and so is the matrix of a product it returns."""
        cls = self._instances.get(called)
        if cls is None and called == "self" and scope is not None:
            cls = self._method_class.get(id(scope))
        models = set(self._returns) | set(self._returned_products)
        if cls is None and len(models) == 1 and MODEL_NAME.match(called):
            cls = next(iter(models))
        layer = self._returns.get(cls or "")
        if layer is not None:
            why = f"`{layer}` is the layer `{cls}` returns, whose output is {what} (line {line})"
            self.layers.setdefault(layer, RoleHead(ROWS, why))
        product = self._returned_products.get(cls or "")
        if product is not None:
            forward, value = product
            returned = f"the output of `{cls}` (line {getattr(value, 'lineno', 0)}), which is {what}"
            self._logits(forward, value, returned, line)

    def _layer_call(self, core: ast.Call, what: str, line: int, scope: ast.AST | None = None) -> None:
        """`out = self.X(feat)` whose result is taken as logits: X is the output layer."""
        name = target_name(core.func)
        if name is None or not core.args or stem(core.func) in _CONSUMERS:
            return
        self._model_output(access_path(core.func) or "", what, line, scope)
        if not _NOT_HEAD.match(name) and not _HIDDEN.match(name):
            why = f"`{name}` computes {what} (line {line})"
            self.layers.setdefault(name, RoleHead(ROWS, why))

    def _logits(self, scope: ast.AST, expr: ast.AST, what: str, line: int) -> None:
        """`expr` computes logits (`what`, at `line`): the matrix of its product with hidden states, or the
        layer it calls, is the head."""
        core = _unwrap(expr)
        if isinstance(core, ast.Call) and not _is_product(core):
            self._layer_call(core, what, line, scope)
            return
        if not _is_product(core):
            return
        ops = _operands(core)
        picked = _head_operand(*ops) if ops is not None else None
        if picked is None:
            return
        node, orient = picked
        if ops is not None and self._not_hidden(node, _other_operand(node, ops)):
            return
        if isinstance(core, ast.Call) and stem(core.func) == "einsum":
            orient = _einsum_orient(core, node) or orient
        inner = normalised(node)
        if inner is not None:
            name = named(inner)
            if name is not None:
                self._cosine.add(name)
            return
        name = named(node)
        last = name.rsplit(".", 1)[-1] if name is not None else ""
        if name is None or _NOT_HEAD.match(last) or _HIDDEN.match(last) or "sqrt" in ast.unparse(expr):
            return
        ranked = what.endswith(tuple(f"`{r}`" for r in _RANKERS))
        if ranked and _RETRIEVED.match(last):
            return
        made = "normalised" if _UNIT_NAME.search(last) else self._made(name)
        if made == "normalised":
            self._cosine.add(name)
        if made is not None:
            return
        why = f"`{name}` multiplies hidden states into {what} (line {line})"
        self._matrix(scope, name, RoleHead(orient, why, ranked=ranked))

    def _not_hidden(self, head: ast.AST, other: str | None) -> bool:
        """Is the other operand of a product no hidden state: the head's own rows (`E[t] @ E.T`: a
        Gram), or a head by name or binding (`unembedding @ concept_vecs.T`: directions read out)?"""
        if other is None:
            return False
        if other == named(head) or label_name(other):
            return True
        bound = [b.value for b in self._bindings.get(other, []) if isinstance(b, ast.Assign)]
        return any(label_name(_stripped_path(value) or "") for value in bound)

    def _unpacked(self, target: ast.AST, value: ast.AST) -> None:
        """`basis, coords = digit_space(model)` of a helper of this file that returns a tuple: each
        name is bound to the expression the helper returns in its place."""
        if not (isinstance(target, ast.Tuple) and isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
            return
        fn = self._functions.get(value.func.id)
        returns = [r.value for r in ast.walk(fn) if isinstance(r, ast.Return)] if fn is not None else []
        returned = returns[-1].elts if returns and isinstance(returns[-1], ast.Tuple) else None
        if returned is None or len(returned) != len(target.elts):
            return
        for t, v in zip(target.elts, returned, strict=True):
            self._bindings.setdefault(access_path(t) or "", []).append(ast.Assign(targets=[t], value=v))

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
            if normalised(_unwrap(value)) is not None:
                return "normalised"
            if _updated(name, value):
                continue  # `self.W1 = self.W1 - self.lr * grad`: a training step, the same weight
            if _is_product(value) or (isinstance(value, ast.BinOp) and isinstance(value.op, (ast.MatMult, ast.Sub))):
                return "derived"
            if _is_product(_scaled(_unwrap(value))):
                return "derived"  # `torch.mul(orth @ (I - J / K), s).to(device)`: a fixed simplex ETF
        return None
