"""Arithmetic on label representations: products (`@`, elementwise `*`), differences and means
(centring). Divisions by norms (normalisation, cosines written by hand, projections) are
`division.py`'s, the base of this mixin.

A mixin of the analyser, the base of `ExpressionRules`."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from typing import Any

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.division import DivisionRules, small_constant
from cosaudit.lint.taint.norms import (
    distinct_operands,
    is_layer_weight,
    rsqrt_of,
    squares_a_term,
)
from cosaudit.lint.taint.sinks import against_class_means, as_row, mean_named, whole_parameter
from cosaudit.lint.taint.syntax import access_path, base_expr, const
from cosaudit.lint.taint.values import (
    COLS,
    DIFF,
    INPUT,
    LABEL,
    MEAN,
    PARAM,
    ROWS,
    SEL,
    VEC,
    Derived,
    NormOf,
    Sim,
    Taint,
    Unit,
    first_sim,
    product_kind,
    unfollowed,
)


def _norm_plus_eps(left: Any, right: Any, left_node: ast.AST, right_node: ast.AST) -> NormOf | None:
    """`np.linalg.norm(W, axis=1, keepdims=True) + 1e-8`, `norms + eps`: a norm kept off zero by a small
    constant added is still the norm, as one kept off zero by `maximum` or `clamp` is."""
    for value, other in ((left, right_node), (right, left_node)):
        if isinstance(value, NormOf) and small_constant(other):
            return value
    return None


# a module's own scale of its logits (`self.cos_scale`, `self.temperature`, `self.s`): a similarity
# multiplied by it in a forward pass is a cosine classifier's logits
_LOGIT_SCALE = re.compile(r"^self\.(?:\w*(?:scale|temp|temperature|tau)\w*|s)$")


# a learned position table or its rows (`wpe`, `pos[p]`, `model.embeddings.position_embeddings.weight`)
_POSITION_ROWS = re.compile(
    r"(?:^|[._])(?:wpe|pos|pos_embs?|pos_embed\w*|positions?|position_embeddings?)(?:\.weight)?$", re.I
)


# a module's own layer's weight (`self.head.weight`, `self.fc.weight`), not a model it holds (`self.model.fc.weight`)
_OWN_LAYER_ROWS = re.compile(r"^self\.\w+\.weight$")


def _token_plus_position(left: Any, right: Any, left_node: ast.AST, right_node: ast.AST) -> bool:
    """Token rows plus a position's row (`emb + pos[p]`): the vectors the model reads, which a shared
    translation of the token rows (and the opposite one of the position rows) leaves alone."""
    for value, other in ((left, right_node), (right, left_node)):
        if not (isinstance(value, Taint) and value.kind == INPUT):
            continue  # every `+` of the file passes here: only token rows are looked at further
        table = base_expr(other, ("detach", "float", "cpu", "clone", "numpy", "to"))
        if _POSITION_ROWS.search(access_path(table) or ""):
            return True
    return False


class ArithmeticRules(DivisionRules):
    """Mixin of the analyser: binary operators, normalisation, differences and means."""

    def _e_BinOp(self, node: ast.BinOp, env: dict[str, Any]) -> Any:
        return self._binop(node.op, node.left, node.right, env, node)

    def _binop(
        self,
        op: ast.operator,
        left_node: ast.AST,
        right_node: ast.AST,
        env: dict[str, Any],
        node: ast.AST,
    ) -> Any:
        if isinstance(op, ast.Div):
            return self._divide(left_node, right_node, env)
        left = self.eval(left_node, env)
        right = self.eval(right_node, env)
        if isinstance(op, ast.MatMult):
            return self._matmul(left, right, left_node, right_node, node)
        if isinstance(op, ast.Sub):
            if isinstance(right, Sim) and right.event.kind == "dot" and squares_a_term(left_node):
                # `norms**2 + norms.T**2 - 2 * (W @ W.T)`: the squared distances between the rows, which a
                # shared translation leaves alone
                right.event.kind = "euclid"
                return right
            return self._subtract(left, right)
        if isinstance(op, ast.Mult):
            self._module_logits(op, left, right, left_node, right_node)
            scaled = self._times_inverse_norm(left, right, left_node, right_node)
            if scaled is not None:
                return scaled
            product = self.elementwise(left, right, node)
            if product is not None:
                return product
        return self._other_operator(op, left, right, left_node, right_node)

    def _matmul(self, left: Any, right: Any, left_node: ast.AST, right_node: ast.AST, node: ast.AST) -> Any:
        """`a @ b`: whitened rows, a product kept as rows (end to end, pooled per class), or a comparison."""
        # label rows times a whitening matrix (either side): whitened label rows
        for t, other, other_node in ((left, right, right_node), (right, left, left_node)):
            if (
                isinstance(t, Taint)
                and other is None
                and isinstance(other_node, (ast.Name, ast.Attribute))
                and P.WHITEN_NAME.search(access_path(other_node) or "")
            ):
                return replace(t, whitened=True)
        if _end_to_end(left, right, right_node):
            return replace(left, confidence="medium")
        pooled = _pooled_per_class(left, right, left_node, right_node)
        if pooled is not None:
            return pooled
        # `a @ a`: a row's squared norm (a scale, `d @ d`), not two rows compared (the sides are only
        # unparsed when they hold something: most products in a file are of values we do not follow)
        if left is not None and ast.unparse(left_node) == ast.unparse(right_node):
            return None
        sim = self._dot_sink(left, right, node, "@")
        if isinstance(left_node, ast.BinOp) and isinstance(left_node.op, ast.Mult):
            # `self.tau * unit_z @ unit_w.t()` parses as `(self.tau * unit_z) @ ...`: the scale is the product's
            for factor in (left_node.left, left_node.right):
                self._module_logits(left_node.op, sim, None, node, factor)
        return sim

    def _module_logits(self, op: ast.operator, left: Any, right: Any, left_node: ast.AST, right_node: ast.AST) -> None:
        """In a forward pass, scores times the module's own scale (`(w_unit * feat_unit).sum(-1) *
        self.cos_scale`) or plus its own bias (`torch.mm(x, unit_w.t()) + self.fc[0].bias`) are that
        model's logits (a cosine or normalised-weight head), not a ranking it makes for itself; so are
        scores against the module's own layer's rows (`self.head.weight`) in any of its methods (`def
        scores(self, x)`)."""
        sim, other = (left, right_node) if isinstance(left, Sim) else (right, left_node)
        if not (isinstance(sim, Sim) and sim.event.ranking):
            return
        if not self._quiet and not _OWN_LAYER_ROWS.match(sim.event.a.source):
            return
        path = access_path(other) or ""
        scaled = isinstance(op, ast.Mult) and _LOGIT_SCALE.match(path) is not None
        biased = isinstance(op, ast.Add) and path.startswith("self.") and path.endswith(".bias")
        if scaled or biased:
            why = "scaled as logits" if scaled else "its module's bias added: logits"
            sim.event.derived.append(Derived("logits", self._pos(other), why))

    def _other_operator(self, op: ast.operator, left: Any, right: Any, left_node: ast.AST, right_node: ast.AST) -> Any:
        """`+`, `*` left over, `**`, …: a norm kept off zero by an added epsilon stays the norm; a
        similarity flows on; other values combine."""
        if isinstance(op, ast.Add):
            self._module_logits(op, left, right, left_node, right_node)
            guarded = _norm_plus_eps(left, right, left_node, right_node)
            if guarded is not None:
                return guarded
            if _token_plus_position(left, right, left_node, right_node):
                return None
        sim = first_sim(left, right)
        return sim if sim is not None else self._combine(op, left, right)

    def _times_inverse_norm(self, left: Any, right: Any, left_node: ast.AST, right_node: ast.AST) -> Taint | None:
        """`W * (1 / W.norm(dim=-1, keepdim=True))`, `W * inv` with `inv` bound to it,
        `W * torch.rsqrt((W ** 2).sum(-1, keepdim=True))`: the rows normalised."""
        pairs = ((left, right, left_node, right_node), (right, left, right_node, left_node))
        for t, other, t_node, other_node in pairs:
            if not (isinstance(t, Taint) and t.kind in (LABEL, INPUT, PARAM)):
                continue
            if (isinstance(other, NormOf) and other.inverse) or rsqrt_of(other_node, t_node, self.aliases):
                return replace(t, normalized=True)
        return None

    def elementwise(self, left: Any, right: Any, node: ast.AST) -> Sim | None:
        """An elementwise product of label rows, summed over the hidden axis, is their dot
        product: `(w_a * w_b).sum()`, one row against every row (`(Wn * Wn[i]).sum(1)`), and
        two broadcasting views whose label axes differ (`(Wn[:, None] * Wn[None]).sum(-1)`)."""
        left, right = as_row(left), as_row(right)
        for t, other in ((left, right), (right, left)):
            unit_rows = isinstance(other, Unit) and isinstance(t, Taint) and t.kind == LABEL and t.normalized
            if unit_rows and not against_class_means(node, self.head_names):  # NC3: each row against its own class mean
                # a unit vector of ours times unit label rows (`(decode_unit * token_dirs).sum(-1)`): the cosines
                return self._sink("cosine", t, None, node, "elementwise product with a unit vector")
        if not (self._labelish(left) and self._labelish(right)):
            return None
        pair = (left.orient == VEC) + (right.orient == VEC)
        both_label = left.kind == right.kind == LABEL
        if pair == 2 or (pair == 1 and both_label and _row_matrix(left if right.orient == VEC else right)):
            return self._sink(product_kind(left, right), left, right, node, "elementwise product")
        paired = both_label or _rows_of_one_parameter(left, right)
        if paired and left.orient == right.orient == SEL and distinct_operands(node):
            # `(A * B).sum(1)` of two selections of rows: each row of one against its partner (also of a
            # helper's parameter, `left = np.stack([table[vocab[w]] for w in pairs[:, 0]])`: rows if given rows)
            return self._sink(product_kind(left, right), left, right, node, "elementwise product")
        if {left.kind, right.kind} == {LABEL, INPUT} and left.normalized and right.normalized:
            # unit input rows times their own unit label rows (`(e_unit * u_unit).sum(-1)`): each token's
            # embedding-unembedding cosine, one label row on one side (the raw product is a direct-path logit)
            label = left if left.kind == LABEL else right
            return self._sink("cosine", replace(label, orient=VEC), None, node, "elementwise product of unit rows")
        if _unit_rows_and_unit_parameter(left, right):
            # `(F.normalize(w_probe) * F.normalize(e_task)).sum(1)` in a helper: as `cosine_similarity(w_probe,
            # e_task, dim=1)`, each label row's cosine with the vector the caller gives
            return self._sink("cosine", left, right, node, "elementwise product of unit vectors")
        if both_label and left.axes is not None and right.axes is not None:
            (n1, h1, l1), (n2, h2, l2) = left.axes, right.axes
            if n1 == n2 and h1 == h2 and l1 != l2:
                return self._sink(product_kind(left, right), left, right, node, "broadcast product")
        return None

    @staticmethod
    def _combine(op: ast.operator, left: Any, right: Any) -> Any:
        """Sums and scalings of label rows (no similarity involved)."""
        if isinstance(op, ast.Add) and isinstance(left, Taint) and isinstance(right, Taint):
            if left.kind == LABEL and right.kind == LABEL:
                return replace(left, orient=VEC if left.orient == VEC else left.orient)
            analogy = _row_plus_difference(left, right)
            return analogy or (left if left.kind == DIFF else right if right.kind == DIFF else None)
        if isinstance(op, (ast.Mult, ast.Add)):
            if isinstance(left, Taint) and unfollowed(right):
                return left if left.kind != PARAM or isinstance(op, ast.Mult) else left
            if isinstance(right, Taint) and unfollowed(left) and isinstance(op, ast.Mult):
                return right
        return None

    def _subtract(self, left: Any, right: Any) -> Any:
        sim = first_sim(left, right)
        if sim is not None:
            return sim
        if isinstance(left, Taint) and isinstance(right, Taint):
            if right.kind == MEAN:
                return replace(left, centered=True) if right.mean_ok else left
            analogy = _row_plus_difference(left, right)
            if analogy is not None:
                return analogy
            if left.kind in (LABEL, INPUT, DIFF, PARAM) and right.kind in (
                LABEL,
                INPUT,
                DIFF,
                PARAM,
            ):
                if left.kind == PARAM and right.kind == PARAM:
                    # `rows - rows[i]` of a helper: differences of one parameter's rows (their norms are
                    # distances, functions of the cosines when the rows it is given are unit rows)
                    same = left.param == right.param and left.param is not None
                    return Taint(DIFF, VEC, param=left.param if same else None, source=left.source if same else "")
                return Taint(
                    DIFF,
                    VEC if left.orient == VEC else left.orient,
                    root=left.root if left.root == right.root else None,
                    source=left.source,
                    # unit rows minus unit rows of one table: their distance is a function of the cosine
                    normalized=left.normalized and right.normalized and left.kind == right.kind in (LABEL, INPUT),
                )
        if isinstance(left, Taint) and left.kind != MEAN:
            return left
        return None

    def _mean(self, base: Taint, call: ast.Call, axis_node: ast.AST | None) -> Taint:
        axis = const(axis_node)
        if base.orient in (ROWS, SEL) or base.kind == PARAM:  # a parameter: rows are the usual layout
            ok = axis in (0, -2)
        elif base.orient == COLS:
            ok = axis in (1, -1)
        else:
            ok = False
        # the average of some rows (`W[ids].mean(0)`, `W[tok.encode(w)].mean(0)`) is one vector
        if base.kind == INPUT and (base.orient == VEC or (base.orient == SEL and ok)):
            return replace(base, orient=VEC)  # of input rows: a token vector like a row (COS150 when tied)
        if base.kind == PARAM and base.row and (base.orient == VEC or (base.orient == SEL and ok)):
            # some rows of a helper's parameter averaged (`torch.stack([head[i] for i in ids]).mean(0)`):
            # given label rows at a call, a label vector like a row (a word's sub-token rows)
            return replace(base, orient=VEC)
        if base.kind in (INPUT, LABEL) and base.orient == SEL and axis == 1:
            # rows picked by a batch of id lists (`emb(tok(words, padding=True)["input_ids"])`, [n, k, d])
            # averaged over each list: one vector per word, each moving with the rows as a row does
            return base
        if base.kind == PARAM and base.picked and ok:
            # the rows a list of ids picks, averaged (`weights[tokenizer(word)["input_ids"]].mean(0)`): the same
            return replace(base, orient=VEC, row=True, picked=False)
        some_rows = base.kind == LABEL and (base.orient == VEC or (base.orient == SEL and ok))
        orient = VEC if some_rows else base.orient
        # of a helper's parameter: remember which (`prefix.mean(0)`, a vector of the caller's data unless
        # the call gives label rows)
        param = base.param if base.kind == PARAM else None
        return Taint(MEAN, orient, root=base.root, mean_ok=ok, source=base.source, row=some_rows, param=param)


# a matrix assigning rows to classes (one-hot pseudo-labels, soft labels, memberships), by its name
_ASSIGNMENT = re.compile(
    r"(?:^|[._])(?:labels?|(?:one_?)?hots?|y_?hats?|\w*_y|pseudo_?labels?|tags|assign(?:ment)?s?|memberships?|targets?)$",
    re.I,
)


def _assignment(node: ast.AST, transposed: bool) -> bool:
    """Is `node` an assignment matrix (`labels`, `self.labels`, `labels / labels.sum(0)`), transposed
    (`labels.T`, `(labels / n).t()`) when `transposed`?"""
    if transposed:
        inner = _transposed(node)
        if inner is None:
            return False
        node = inner
    return bool(_ASSIGNMENT.search(access_path(base_expr(node, ("float", "to", "detach"))) or ""))


def _given(value: Any) -> bool:
    """A value we do not follow, or what a function is given whole (`pseudo_labels` of its caller)."""
    return value is None or whole_parameter(value)


def _transposed(node: ast.AST) -> ast.AST | None:
    """What `x.T` / `x.t()` transposes, or None."""
    if isinstance(node, ast.Attribute) and node.attr == "T":
        return node.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "t":
        return node.func.value
    return None


def _pooled_per_class(left: Any, right: Any, left_node: ast.AST, right_node: ast.AST) -> Taint | None:
    """`supports.T @ labels` (T3A's templates: the unit supports of each class summed, the bank seeded with
    the head's rows), `(labels / labels.sum(0)).T @ supports` (TAST's centroids): label rows pooled per
    class by an assignment matrix are label vectors again, one per class, and not unit ones."""
    # a bank of rows transposed (`bank.t()`): one row (VEC) when picked by an index we do not follow
    # (`bank[kept]`), but only a matrix has a transpose that an assignment multiplies
    transposed = _transposed(left_node) is not None
    if isinstance(left, Taint) and left.kind == LABEL and _given(right) and _assignment(right_node, transposed=False):
        if left.orient == COLS or (left.orient == VEC and transposed):
            return replace(left, orient=COLS, normalized=False, pooled=True, confidence="medium", axes=None)
    if isinstance(right, Taint) and right.kind == LABEL and right.orient in (ROWS, SEL) and _given(left):
        if _assignment(left_node, transposed=True):
            return replace(right, orient=ROWS, normalized=False, pooled=True, confidence="medium", axes=None)
    return None


def _row_matrix(t: Taint) -> bool:
    """Label rows laid out [V, d] (hidden axis last), which a row broadcasts against."""
    return t.orient in (ROWS, SEL) and (t.axes is None or t.axes[1] == t.axes[0] - 1)


def _end_to_end(left: Any, right: Any, right_node: ast.AST) -> bool:
    """`W_head @ model.fc[j].weight`: the head rows times an earlier layer's weight are the rows
    of the end-to-end classifier of a deep linear head (one row per label still)."""
    return (
        isinstance(left, Taint)
        and left.kind == LABEL
        and left.orient == ROWS
        and not left.normalized
        and right is None
        and is_layer_weight(right_node)
    )


def _rows_of_one_parameter(left: Taint, right: Taint) -> bool:
    return left.kind == right.kind == PARAM and left.row and right.row and left.param == right.param


def _unit_rows_and_unit_parameter(left: Taint, right: Taint) -> bool:
    """Normalised label rows beside a normalised parameter of the helper (either order)."""
    kinds = {left.kind, right.kind}
    label = left if left.kind == LABEL else right
    param = right if label is left else left
    if kinds != {LABEL, PARAM} or mean_named(param.source):  # not each row against its class mean (NC3)
        return False
    return left.normalized and right.normalized and label.orient in (ROWS, COLS, SEL)


def _row_plus_difference(left: Taint, right: Taint) -> Taint | None:
    """A row plus or minus a difference of rows (`king - man + woman`, an analogy's target): a
    difference still, but one that moves with a shared translation of the rows as a row does (its
    coefficients sum to ±1). A difference plus another difference stays a plain one."""
    kinds = {left.kind, right.kind}
    if DIFF not in kinds or not kinds & {LABEL, INPUT, PARAM}:
        return None
    row = left if left.kind != DIFF else right
    return Taint(DIFF, VEC, root=row.root, source=row.source, analogy=True)
