"""The syntax of norms and products: what a norm call measures (`W.norm(dim=1)`, `sqrt(sum(x ** 2))`),
whether it spans the whole matrix, the two vectors of a dot product, and a layer's weight seen
through views. Pure functions of the syntax tree, shared by the arithmetic rules and the array
library's handlers."""

from __future__ import annotations

import ast

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.syntax import access_path, callee, const, squared_base


def rsqrt_of(node: ast.AST, value: ast.AST, aliases: dict[str, str]) -> bool:
    """Is `node` `rsqrt(...)` of an expression of `value` (`torch.rsqrt((W ** 2).sum(-1))`)?"""
    if not (isinstance(node, ast.Call) and callee(node.func, aliases) == "rsqrt"):
        return False
    target = name_stem(value)
    inner = node.args[0] if node.args else (node.func.value if isinstance(node.func, ast.Attribute) else None)
    return inner is not None and any(isinstance(sub, ast.Name) and sub.id == target for sub in ast.walk(inner))


def distinct_operands(node: ast.AST) -> bool:
    """Are the two factors of `a * b` / `multiply(a, b)` different expressions (not `W * W`)?"""
    if isinstance(node, ast.BinOp):
        pair = [node.left, node.right]
    elif isinstance(node, ast.Call) and len(node.args) >= 2:
        pair = list(node.args[:2])
    else:
        return False
    return ast.unparse(pair[0]) != ast.unparse(pair[1])


_NORM_MODULES = {
    "torch", "torch.linalg", "np", "numpy", "np.linalg", "numpy.linalg", "LA", "la", "linalg",
    "jnp", "jnp.linalg", "jax.numpy", "jax.numpy.linalg", "cp", "cupy", "cp.linalg", "tf", "tf.norm", "tf.linalg",
}


def norm_target(call: ast.Call, aliases: dict[str, str] | None = None) -> ast.AST | None:
    """What a norm call measures: `W` in `W.norm(dim=1)`, `torch.linalg.norm(W)`, `norm(W)` (also
    with the module imported under another name, `import torch as t`)."""
    func = call.func
    if isinstance(func, ast.Attribute):
        module = access_path(func.value)
        if module is None or (module not in _NORM_MODULES and (aliases or {}).get(module) not in _NORM_MODULES):
            return func.value  # `W.norm(dim=1)`, `W[i].norm()`: a method of the tensor
    return call.args[0] if call.args else None


def measured_vector(call: ast.Call, aliases: dict[str, str]) -> ast.AST | None:
    """The vector whose norm a call computes: `norm(x)`, `x.norm()`, and the norm written out,
    `sqrt(sum(x ** 2))`, `sqrt((x * x).sum())`, `sqrt(x @ x)`."""
    name = callee(call.func, aliases)
    if name in P.NORM_CALLS:
        return norm_target(call, aliases)
    if name != "sqrt" or len(call.args) != 1:
        return None
    inner = call.args[0]
    if isinstance(inner, ast.Call) and inner.func and callee(inner.func, aliases) == "sum":
        inner = inner.args[0] if inner.args else inner.func.value if isinstance(inner.func, ast.Attribute) else inner
    if isinstance(inner, ast.BinOp):
        if squared_base(inner) is not None:
            return inner.left
        if isinstance(inner.op, (ast.Mult, ast.MatMult)) and ast.unparse(inner.left) == ast.unparse(inner.right):
            return inner.left
    return None


def is_whole_norm(call: ast.Call, target: ast.AST | None) -> bool:
    """A norm over the whole matrix: no `dim` / `axis`, and no positional argument past the order
    (`W.norm()`, `W.norm(2)`, `np.linalg.norm(W)`, `torch.linalg.norm(W, "fro")`)."""
    if any(k.arg in ("dim", "axis", "axes") for k in call.keywords):
        return False
    method = isinstance(call.func, ast.Attribute) and target is call.func.value
    return len(call.args) <= (1 if method else 2)


# two vectors multiplied by a call (einsum and tensordot take a pattern or axes besides)
_DOT_CALLS = P.DOT_CALLS - {"einsum", "tensordot"}


def dot_operands(node: ast.AST) -> tuple[ast.AST, ast.AST] | None:
    """The two vectors of a dot product written `a @ b`, `np.dot(a, b)`, `a.dot(b)`, `(a * b).sum()`
    or `np.sum(a * b)`."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
        return node.left, node.right
    if not isinstance(node, ast.Call) or not isinstance(node.func, (ast.Attribute, ast.Name)):
        return None
    name = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
    if name in _DOT_CALLS:
        if len(node.args) == 2:
            return node.args[0], node.args[1]
        if len(node.args) == 1 and isinstance(node.func, ast.Attribute):
            return node.func.value, node.args[0]
    if name == "sum":
        method = isinstance(node.func, ast.Attribute) and not node.args
        inner = node.func.value if isinstance(node.func, ast.Attribute) and method else next(iter(node.args), None)
        if isinstance(inner, ast.BinOp) and isinstance(inner.op, ast.Mult):
            return inner.left, inner.right
    return None


def einsum_operands(node: ast.AST, aliases: dict[str, str]) -> tuple[ast.AST, ast.AST] | None:
    """The two tensors of `einsum("md,dv->mv", a, b)` (the pattern first, or last as in einops)."""
    if not (isinstance(node, ast.Call) and callee(node.func, aliases).rsplit(".", 1)[-1] == "einsum"):
        return None
    tensors = [a for a in node.args if not isinstance(a, (ast.Constant, ast.JoinedStr))]
    return (tensors[0], tensors[1]) if len(tensors) == 2 else None


def name_stem(node: ast.AST) -> str:
    """The text of `node` without its subscripts and views (`W_gate[valid]` -> `W_gate`)."""
    while isinstance(node, ast.Subscript):
        node = node.value
    return ast.unparse(node)


def is_own_norm(value: ast.AST, denominator: ast.AST, aliases: dict[str, str]) -> bool:
    """Is the denominator the norm of the very value divided (`G / torch.norm(G)`)?"""
    if not (isinstance(denominator, ast.Call) and callee(denominator.func, aliases) in P.NORM_CALLS):
        return False
    normed = norm_target(denominator, aliases)
    return normed is not None and ast.unparse(normed) == ast.unparse(value)


# views of a tensor that keep its values: `layer.weight.clone()`, `.detach()`, `.data`
_SAME_VALUES = {"clone", "detach", "cpu", "cuda", "float", "double", "half", "to", "data"}


def is_layer_weight(node: ast.AST) -> bool:
    """Is `node` a layer's weight matrix (`model.fc[j].weight`, `layer.weight.clone()`)?"""
    while True:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _SAME_VALUES:
            node = node.func.value
        elif isinstance(node, ast.Attribute) and node.attr in _SAME_VALUES:
            node = node.value
        else:
            return isinstance(node, ast.Attribute) and node.attr == "weight"


def squares_a_term(node: ast.AST) -> bool:
    """Does the expression square something (`x ** 2`, `x.pow(2)`, `np.square(x)`)?"""
    for sub in ast.walk(node):
        if squared_base(sub) is not None:
            return True
        if isinstance(sub, ast.Call) and isinstance(sub.func, (ast.Attribute, ast.Name)):
            name = sub.func.attr if isinstance(sub.func, ast.Attribute) else sub.func.id
            if name == "square" or (name == "pow" and sub.args and const(sub.args[-1]) == 2):
                return True
    return False
