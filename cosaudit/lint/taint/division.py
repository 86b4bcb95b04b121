"""Divisions by norms: rows made unit (`W / W.norm(dim=-1, keepdim=True)`), cosines written by hand
(`dot(a, b) / (|a| |b|)`, one vector against every row over the rows' norms), and projections (a dot
product over one norm, still a dot product). The names that hold norms or products are remembered at
their assignment, for a division further on.

A mixin of the analyser, the base of `ArithmeticRules`."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from typing import Any

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.host import AnalyzerHost
from cosaudit.lint.taint.norms import (
    dot_operands,
    einsum_operands,
    is_own_norm,
    is_whole_norm,
    measured_vector,
    name_stem,
    norm_target,
)
from cosaudit.lint.taint.sinks import against_class_means, one_label_row, probe_vector
from cosaudit.lint.taint.syntax import access_path, base_name, callee, const
from cosaudit.lint.taint.values import COLS, LABEL, ROWS, VEC, Event, NormOf, Sim, Taint, Unit, norm_factors


def small_constant(node: ast.AST) -> bool:
    """A number small enough to keep a norm off zero (`1e-8`), or a name for one (`eps`, `self.epsilon`)."""
    value = const(node)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return 0 < value <= 1e-3
    name = access_path(node) or ""
    return bool(re.search(r"(?:^|[._])eps(?:ilon)?$", name, re.I))


class DivisionRules(AnalyzerHost):
    """Mixin of the analyser: divisions by norms, and the names that hold norms or products."""

    def _divide(self, left_node: ast.AST, right_node: ast.AST, env: dict[str, Any]) -> Any:
        return self.divided(self.eval(left_node, env), left_node, right_node, env)

    def divided(
        self, left: Any, left_node: ast.AST, right_node: ast.AST, env: dict[str, Any], right: Any = None
    ) -> Any:
        """`dot(a, b) / (|a| |b|)` is a cosine; `dot(a, b) / |b|` a projection (still a dot
        product); `W / W.norm(dim=-1, keepdim=True)` normalises the rows (also written
        `torch.div(W, ...)`, `np.divide`, whose denominator's value is given as `right`)."""
        if isinstance(left, Sim) and is_own_norm(left_node, right_node, self.aliases):
            return left  # `G /= torch.norm(G, p="fro")`: the matrix scaled by its own norm
        if right is None:
            self._denominator += 1
            try:
                right = self.eval(right_node, env)
            finally:
                self._denominator -= 1
        if isinstance(right, NormOf) and const(left_node) in (1, 1.0):
            return NormOf(right.taint, inverse=True)  # `1 / W.norm(dim=1, keepdim=True)`
        if isinstance(left, Sim):
            if left.event.kind == "dot" and not self._norms_of_scores(right_node, env):
                self._dot_by_norms(left.event, left_node, right_node, env)
            return left
        if isinstance(left, Taint):
            return self._rows_divided(left, right_node, env)
        if left is None:
            pair = self._product_pair(left_node)
            lens = self._lens_by_row_norms(pair, left_node, right_node, env) if pair is not None else None
            if lens is not None:
                return lens
        if left is None and self._norm_of(left_node, right_node):
            return Unit(base_name(left_node))  # `d / d.norm(dim=-1, keepdim=True)` of a vector we do not follow
        if left is None:
            by_hand = self._row_cosine_by_hand(left_node, right_node, env)
            if by_hand is not None:
                return by_hand
        return right if isinstance(right, Sim) else None

    def _row_cosine_by_hand(self, value: ast.AST, denominator: ast.AST, env: dict[str, Any]) -> Sim | None:
        """`np.dot(h, W[i]) / (norm(h) * norm(W[i]))`: a vector we do not follow against one label's
        row, divided by both norms, is their cosine written out (COS120, as `cosine_similarity(h, W[i])`
        is); divided by one norm it stays a projection."""
        pair = dot_operands(value)
        if pair is None or against_class_means(value, self.head_names):
            return None
        a, b = (self.eval(x, env) for x in pair)
        for t, node, other, other_node in ((a, pair[0], b, pair[1]), (b, pair[1], a, pair[0])):
            if not (isinstance(t, Taint) and one_label_row(t)) or not (probe_vector(other) or isinstance(other, Unit)):
                continue
            # each side unit already (`w / w.norm()` earlier, a unit vector of ours) or divided by its norm here
            row_unit = t.normalized or self._norm_of(node, denominator)
            other_unit = isinstance(other, Unit) or self._norm_of(other_node, denominator)
            if row_unit and other_unit:
                return self._sink("cosine", t, None, value, "dot product divided by both norms")
        return None

    def _norms_of_scores(self, denominator: ast.AST, env: dict[str, Any]) -> bool:
        """Does the denominator hold the norm of scores already computed (`norm(true)` with `true =
        acts @ W_U`, a logit lens's output)? Then the quotient is a cosine between score vectors
        (`(pred * true).sum(1) / (norm(pred) * norm(true))`), not between the rows behind them."""
        for sub in ast.walk(denominator):
            measured = measured_vector(sub, self.aliases) if isinstance(sub, ast.Call) else None
            if isinstance(sub, ast.Name) and sub.id in self._norm_names:
                measured = ast.Name(self._norm_names[sub.id])
            base = measured
            while isinstance(base, (ast.Subscript, ast.Attribute)):
                base = base.value
            if isinstance(base, ast.Name) and isinstance(env.get(base.id), Sim):
                return True
        return False

    def _dot_by_norms(self, ev: Event, value: ast.AST, denominator: ast.AST, env: dict[str, Any]) -> None:
        """A dot product divided by two norms is a cosine (`dot / (|a| |b|)`, or `dot / |a| / |b|`:
        the norms it was already divided by count too); by one, a projection."""
        factors = norm_factors(denominator, env) + self._named_norm_factors(denominator)
        factors += _chained_norms(value, env)  # `a @ b / norm(a) / norm(b)`
        if factors >= 2:
            ev.kind = "cosine"
            ev.what = ev.what.removeprefix(_PROJECTION).removesuffix(_BY_ONE_NORM)
        elif factors == 1 and ev.b is not None:
            ev.what = f"{_PROJECTION}{ev.what}{_BY_ONE_NORM}"

    def _norm_of(self, value: ast.AST, denominator: ast.AST) -> bool:
        """Does the denominator hold the norm of `value` (`d.norm(dim=-1)`, `np.maximum(d_len,
        eps)` with `d_len = np.linalg.norm(d, axis=1)`)? Subscripts are ignored on both sides."""
        target = name_stem(value)
        named = re.compile(re.escape(target) + r"_?(?:norms?|lens?|lengths?)$")
        for sub in ast.walk(denominator):
            if isinstance(sub, ast.Name) and (self._norm_names.get(sub.id) == target or named.match(sub.id)):
                return True
            if isinstance(sub, ast.Call):
                normed = measured_vector(sub, self.aliases)
                if normed is not None and name_stem(normed) == target:
                    return True
        return False

    def _named_norm_factors(self, node: ast.AST) -> int:
        """Norms held by names in `node` bound to a product of norms (`den = norm(a) * norm(b)`)."""
        return sum(
            self._norm_products[sub.id][0]
            for sub in ast.walk(node)
            if isinstance(sub, ast.Name) and sub.id in self._norm_products
        )

    def remember_norm(self, target: ast.AST, value: ast.AST, env: dict[str, Any]) -> None:
        """`d_len = np.linalg.norm(d, axis=1)`: remember that `d_len` holds the norms of `d`;
        `den = norm(a)[:, None] * norm(b)[None, :]`: that `den` holds two norms."""
        if not isinstance(target, ast.Name):
            return
        # a product (`n.mm(n.T)`, `np.outer(n, n)`, `norm(a)[:, None] * norm(b)`) of norms
        factors = norm_factors(value, env) if isinstance(value, (ast.BinOp, ast.Call)) else 0
        if factors >= 2:
            self._norm_products[target.id] = (factors, value)
        else:
            self._norm_products.pop(target.id, None)
        while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and (
            value.func.attr in P.NORM_GUARDS
        ):
            value = value.func.value  # `jnp.sqrt(jnp.sum(r ** 2)).clip(1e-8)`: the norm, kept off zero
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
            # `jnp.linalg.norm(u) + 1e-10`, `eps + norm(u)`: the norm, kept off zero
            if small_constant(value.right):
                value = value.left
            elif small_constant(value.left):
                value = value.right
        normed = measured_vector(value, self.aliases) if isinstance(value, ast.Call) else None
        if normed is not None:
            self._norm_names[target.id] = name_stem(normed)
            return
        self._norm_names.pop(target.id, None)

    def _product_pair(self, node: ast.AST) -> tuple[ast.AST, ast.AST] | None:
        """The two operands of a product of matrices (`a @ b`, `torch.einsum("md,dv->mv", a, b)`,
        `np.matmul(a, b)`), written here or bound to a name earlier (`num = a @ b` ... `num / den`)."""
        stored = self._products.get(node.id) if isinstance(node, ast.Name) else None
        if stored is not None:
            return einsum_operands(stored, self.aliases) or dot_operands(stored)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            return node.left, node.right
        # `np.dot(a, b) / |a|` written in one line is a row's cosine by hand (`_row_cosine_by_hand`)
        return einsum_operands(node, self.aliases)

    def remember_product(self, target: ast.AST, value: ast.AST) -> None:
        """`num = torch.einsum("md,dv->mv", W_out, W_U)`: remember the product a name holds, for a
        division by norms further on."""
        if not isinstance(target, ast.Name):
            return
        self._products.pop(target.id, None)
        if einsum_operands(value, self.aliases) or dot_operands(value):
            self._products[target.id] = value

    def _lens_by_row_norms(
        self, pair: tuple[ast.AST, ast.AST], product: ast.AST, denominator: ast.AST, env: dict[str, Any]
    ) -> Sim | None:
        """`(W @ ref) / W.norm(dim=1)`, `/ (W.norm(dim=1) * ref.norm())`, and the product bound to a name
        first (`num = einsum(..., A, W_U)` then `num / (norm(W_U, dim=0)[None] * norm(A, dim=1)[:, None])`):
        one vector, or each of several, against every label row, divided by the rows' norms, ranks the
        labels by cosine with it (a cosine lens written out by hand; a translation moves those norms)."""
        simple = (ast.Name, ast.Attribute, ast.Subscript)  # the head's side; the other may be normalised inline
        if not (isinstance(pair[0], simple) or isinstance(pair[1], simple)):
            return None
        left, right = self.eval(pair[0], env), self.eval(pair[1], env)
        normed = {t.source for t in self._norms_in(denominator, env)}
        for t, other in ((left, right), (right, left)):
            if (
                isinstance(t, Taint)
                and t.kind == LABEL
                and t.orient in (ROWS, COLS)
                and probe_vector(other)
                and t.source in normed
                and not against_class_means(product, self.head_names)
            ):
                unit = replace(t, normalized=True)
                sim: Sim = self._sink("cosine", unit, None, product, "@ divided by the row norms")
                return sim
        for t, other_node in ((left, pair[1]), (right, pair[0])):
            # `(W_gate @ w_u_unit) / W_gate_norms`: every other row against one unit label row
            if (
                isinstance(t, Taint)
                and t.kind == LABEL
                and t.orient == VEC
                and t.normalized
                and self._norm_of(other_node, denominator)
                and not against_class_means(product, self.head_names)
            ):
                return self._sink("cosine", t, None, product, "@ divided by the other rows' norms")
        return None

    def _rows_divided(self, rows: Taint, denominator: ast.AST, env: dict[str, Any]) -> Taint:
        """Label rows over norms are unit rows (`W / W.norm(dim=-1, keepdim=True)`, `w / w.norm()` of one
        row); a matrix over one norm of the whole of it (`W / W.norm()`, `np.linalg.norm(W)`) is only
        scaled by a number, its rows not unit."""
        whole = (
            isinstance(denominator, ast.Call)
            and callee(denominator.func, self.aliases) in P.NORM_CALLS
            and is_whole_norm(denominator, norm_target(denominator, self.aliases))
        )
        if whole and rows.orient != VEC and not rows.row:  # a matrix or a selection of rows, not one row
            return rows
        return replace(rows, normalized=True) if norm_factors(denominator, env) else rows

    def _norms_in(self, node: ast.AST, env: dict[str, Any], depth: int = 0) -> list[Taint]:
        """The label representations whose norms a denominator holds (`W.norm(dim=1)`,
        `torch.linalg.norm(W, dim=-1)`, a name bound to such norms, or to a product of norms: `den =
        norm(W_U, dim=0)[None] * norm(A, dim=1)[:, None]`)."""
        out: list[Taint] = []
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name) and isinstance(env.get(sub.id), NormOf):
                out.append(env[sub.id].taint)
            elif isinstance(sub, ast.Name) and sub.id in self._norm_products and depth == 0:
                out += self._norms_in(self._norm_products[sub.id][1], env, depth + 1)
            elif isinstance(sub, ast.Call) and callee(sub.func, self.aliases) in P.NORM_CALLS:
                target = norm_target(sub, self.aliases)
                if is_whole_norm(sub, target):
                    continue  # `W_U.norm()`: one number for the whole matrix, not each row's norm
                value = self.eval(target, env) if isinstance(target, (ast.Name, ast.Attribute)) else None
                if isinstance(value, Taint):
                    out.append(value)
        return out


_PROJECTION, _BY_ONE_NORM = "projection: ", " divided by one norm"


def _chained_norms(node: ast.AST, env: dict[str, Any]) -> int:
    """The norms an expression was already divided by (`dot(a, b) / norm(a)` in `... / norm(b)`)."""
    count = 0
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        count += norm_factors(node.right, env)
        node = node.left
    return count
