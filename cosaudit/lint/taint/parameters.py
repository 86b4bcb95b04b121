"""What a function's parameters are while its body is analysed: placeholders filled in at each
call, or the head's rows when a name, an annotation or the docstring says so (`W_U`, `lm_head:
Tensor`, "classifier weight vectors"), and the parameters that hold numbers, never matrices."""

from __future__ import annotations

import ast
import re

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.names import match_source
from cosaudit.lint.taint.syntax import nested_statements
from cosaudit.lint.taint.values import COLS, LABEL, PARAM, ROWS, SEL, VEC, Taint

# A docstring that says the function works on classifier rows / unembeddings makes its
# matrix-named parameters label representations (orientation unknown, medium confidence).
_LABEL_DOC = re.compile(
    r"classifier (?:rows?|weights?|vectors?)|class(?:ifier)? weight vectors?|unembedding|"
    r"rows of the (?:classifier|head)|label (?:rows|vectors|representations)|last[- ]layer weights?|"
    r"(?:weight|row)s?(?: vectors?)? of the (?:linear |last[- ]layer |final )?(?:classifiers?|classification head)|"
    r"classifier(?:'s)? weight matrix|output[- ]embeddings?|\blm[_ -]head\b|softmax(?: layer)? weights?|"
    # "Learned parameters of shape (n_classes, n_features)": one row per class
    r"(?:parameters|weights?)\s+of\s+shape\s+\(\s*(?:n|num|nb)_?classes\s*,",
    re.I,
)
# a function named for comparing labels' rows (`label_similarity`, `classifier_cosines`,
# `cosine_between_classes`, `unembedding_angles`): its matrix parameter, even under a generic name
# (`vectors`, `mat`, `x`), holds those rows (class means and features are named so and stay apart)
_LABEL_WORD = r"(?:class(?:es)?|labels?|classifiers?|unembed(?:dings?)?|lm_head|output_embed\w*)"
_COMPARE_WORD = r"(?:sim|sims|similarity|similarities|cos|coss?ines?|angles?|angular|gram|coherence)"
_LABEL_COMPARISON = re.compile(
    rf"(?:^|_){_LABEL_WORD}_(?:\w+_)?{_COMPARE_WORD}(?:_|$)|(?:^|_){_COMPARE_WORD}_(?:\w+_)?{_LABEL_WORD}(?:_|$)", re.I
)
_GENERIC_MATRIX = re.compile(r"^(?:mat|matrix|m|M|vectors?|vecs|rows|x|X|A|a|U|V|E|emb|embs|embeddings?|w|w_\w+)$")
# a name for a whole matrix, not one vector (`W`, `rows`, `weights`), among the names above
_PLURAL_MATRIX = re.compile(
    r"^(?:W|weights|mat|matrix|M|vectors|vecs|rows|X|A|U|V|E|embs|embeddings|classifier\w*|fc\w*|head\w*|class_weights)$"
)
_MATRIX_PARAM = re.compile(r"^(W|w|weights?|W_\w*|classifier\w*|fc\w*|head\w*|class_weights?)$")


# a docstring that defines a parameter as the head: "unit_rows = F.normalize(lm_head.weight, dim=-1)",
# or describes it so in an argument list ("lm_head_norm: F.normalize(lm_head.weight.float(), dim=-1) [V, d]",
# "gate_w: [n_experts, d_model] rows of the softmax router", "w: (C, d) classifier weights")
_HEAD_NAMES = r"lm_head|unembed(?:ding)?|W_U|get_output_embeddings"
# in words, the description must open with them (after a shape), or offer them as an alternative ("centred
# class means or the classifier's weight rows"): "features: fed to the classifier weights" describes features
_HEAD_WORDS = (
    r"(?:classifier(?:'s)? (?:rows|weights?|weight matrix|weight vectors)|class(?:ifier)? weight vectors|"
    r"rows of the (?:softmax |linear |last[- ]layer |final )?(?:classifier|head|router|gate|output layer))"
)
_DOC_DEFINITION = re.compile(
    rf"\b([A-Za-z_]\w*)[ \t]*[=:][ \t]*([^\n=]*?\b(?:{_HEAD_NAMES})\b[^\n]*"
    rf"|(?:[\[(][^\n\])]*[\])][ \t,:]*)?(?:[^\n=]*?\b(?:or|and) )?(?:the |its |a |one |unit[- ]length )?"
    rf"(?:[\w-]+ )?{_HEAD_WORDS}\b[^\n]*)"
)


def _defined_in_doc(doc: str) -> dict[str, Taint]:
    """Parameters the docstring defines as (normalised) head rows, e.g. `unit_rows =
    F.normalize(lm_head.weight, dim=-1)`: label rows at medium confidence."""
    out: dict[str, Taint] = {}
    for m in _DOC_DEFINITION.finditer(doc):
        text = m.group(2)
        orient = COLS if "W_U" in text or m.group(1) == "W_U" else ROWS
        unit = bool(re.match(r"\s*(?:F\.|torch\.nn\.functional\.)?normali[sz]e\(", text))
        out[m.group(1)] = Taint(LABEL, orient, normalized=unit, confidence="medium", source=m.group(1))
    return out


# the size of the vocabulary (or of the label set), read off a parameter's axis
_VOCAB_SIZE = re.compile(r"^(?:vocab|vocab_size|n_vocab|d_vocab|num_vocab|n_tokens|num_tokens|n_classes|num_classes)$")


# a parameter named as a weight matrix (`decoder_weight`, `W`, `unembed`, `kernel`), not as scores
# (`vocab = logits.shape[-1]` is as common, and logits are no head)
_WEIGHT_NAMED = re.compile(r"weight|^W|_w$|unembed|decoder|head|matrix|table|kernel|emb", re.I)


def _vocab_columns(node: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, Taint]:
    """Weight-named parameters whose second axis the body reads as the vocabulary (`vocab = decoder_weight.shape[1]`):
    a [d, V] matrix, one column per label, as TransformerLens' `W_U` is (an input table is [V, d])."""
    names = {a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs}
    out: dict[str, Taint] = {}
    body: list[ast.AST] = list(node.body)
    for stmt in nested_statements(body):
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            continue
        v = stmt.value
        if not (_VOCAB_SIZE.match(stmt.targets[0].id) and isinstance(v, ast.Subscript)):
            continue
        shape, axis = v.value, v.slice
        if (
            isinstance(shape, ast.Attribute)
            and shape.attr == "shape"
            and isinstance(shape.value, ast.Name)
            and shape.value.id in names
            and _WEIGHT_NAMED.search(shape.value.id) is not None
            and isinstance(axis, (ast.Constant, ast.UnaryOp))
            and ast.literal_eval(axis) in (1, -1)
        ):
            why = f"its second axis is read as the vocabulary (`{stmt.targets[0].id} = {ast.unparse(v)}`)"
            param = shape.value.id
            out[param] = Taint(LABEL, COLS, confidence="medium", source=param, why=why)
    return out


def named_defaults(node: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str]:
    """Parameters whose default names a head tensor (`key="Teacher/fc2/weights"`): `params[key]`
    is that tensor unless a call says otherwise."""
    args = node.args.posonlyargs + node.args.args
    pairs = list(zip(args[len(args) - len(node.args.defaults) :], node.args.defaults, strict=True)) + [
        (a, d) for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True) if d is not None
    ]
    return {
        a.arg: d.value
        for a, d in pairs
        if isinstance(d, ast.Constant) and isinstance(d.value, str) and match_source("_." + d.value) is not None
    }


# beside a module's head loader, a generic name for a matrix (`rows`, `mat`) is most likely what it loads
_GENERIC_ROWS = re.compile(r"^(?:rows|unit_rows|vectors|vecs|mat|matrix|M)$")


def generic_rows_param(name: str) -> bool:
    """Is a parameter named as some matrix of rows, without saying whose (`rows`, `vectors`, `mat`)?"""
    return bool(_GENERIC_ROWS.match(name))


def matrix_param(name: str) -> bool:
    """Is a parameter named as a classifier's weight matrix (`W`, `weights`, `fc_w`)?"""
    return bool(_MATRIX_PARAM.match(name))


def parameters(node: ast.FunctionDef | ast.AsyncFunctionDef, given: dict[int, str] | None = None) -> dict[str, Taint]:
    """What each parameter is while the body is analysed: a placeholder (PARAM, filled in at each
    call), or a label representation when its name or the docstring says so. `given`: the orientation
    of the label rows the first call gives, by position: a parameter named for the other orientation
    (`W_U`, columns, given `lm_head.weight`) stays a placeholder, filled in at the call."""
    doc = ast.get_docstring(node) or ""
    named = bool(P.CLASS_SIM_FN.search(node.name) or _LABEL_COMPARISON.search(node.name))
    defined = _defined_in_doc(doc)
    # a docstring about label rows makes the matrix-named parameters label rows, unless it says which
    # parameter is the head (`W_U: (d_model, d_vocab) unembedding matrix`): then the others are not
    documented = (bool(_LABEL_DOC.search(doc)) and not defined) or named
    defined = {**_vocab_columns(node), **defined}
    out: dict[str, Taint] = {}
    args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
    scalars = _scalar_params(node)
    for i, a in enumerate(args):
        hint = next((orient for pat, orient in P.NAME_HINTS if pat.match(a.arg)), None)
        if a.arg in scalars:
            continue  # `alpha: float = -4.0`: a number, never a matrix a caller could pass
        if a.arg in defined:
            out[a.arg] = defined[a.arg]
        elif _HEAD_MODULE_PARAM.match(a.arg) and _tensor_annotation(a):
            # `lm_head: Optional[torch.Tensor]`: the head module's name on a tensor is its weight
            out[a.arg] = Taint(LABEL, ROWS, confidence="medium", source=a.arg)
        elif hint is not None and (given or {}).get(i, hint) in (hint, SEL, VEC):
            out[a.arg] = Taint(LABEL, hint, confidence="medium", source=a.arg)
        elif documented and (_MATRIX_PARAM.match(a.arg) or (named and _GENERIC_MATRIX.match(a.arg))):
            whole = _PLURAL_MATRIX.match(a.arg) is not None
            out[a.arg] = Taint(LABEL, VEC, confidence="medium", source=a.arg, matrix=whole)
        else:
            out[a.arg] = Taint(PARAM, VEC, param=i, source=a.arg)
    return out


_SCALAR_TYPES = {"int", "float", "bool", "str", "complex"}
# a head module's name, which on a tensor parameter names the head's weight (not `head`: attention heads)
_HEAD_MODULE_PARAM = re.compile(r"^(?:lm_head|classifier|fc|output_embeddings?|out_embed(?:ding)?s?)$")
_TENSOR_TYPE = re.compile(r"\b(?:Tensor|ndarray|Array|FloatTensor)\b")


def _tensor_annotation(a: ast.arg) -> bool:
    """Is the parameter annotated as a tensor or an array (`torch.Tensor`, `Optional[np.ndarray]`,
    `Float[Tensor, "vocab d"]`)?"""
    return a.annotation is not None and bool(_TENSOR_TYPE.search(ast.unparse(a.annotation)))


def _scalar_params(node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """Parameters annotated as, or defaulting to, a number, a string or a flag."""
    positional = node.args.posonlyargs + node.args.args
    defaults: list[tuple[ast.arg, ast.expr | None]] = list(
        zip(positional[len(positional) - len(node.args.defaults) :], node.args.defaults, strict=True)
    )
    defaults += list(zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True))
    number = (int, float, str, complex)
    out = {a.arg for a, d in defaults if isinstance(d, ast.Constant) and isinstance(d.value, number)}
    out |= {a.arg for a, d in defaults if isinstance(d, ast.UnaryOp) and isinstance(d.operand, ast.Constant)}
    annotated = positional + node.args.kwonlyargs
    return out | {a.arg for a in annotated if isinstance(a.annotation, ast.Name) and a.annotation.id in _SCALAR_TYPES}
