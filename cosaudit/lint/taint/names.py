"""What names of tensors and modules mean: `model.lm_head.weight`, `fc.weight`, `W_U` name label
rows, `wte` / `get_input_embeddings()` a token table (patterns.SOURCES), and the spellings that
reach the same tensor (`fc.state_dict()["weight"]`, a weight-normalised layer's `weight_v`)."""

from __future__ import annotations

import ast
import functools
import re

from cosaudit.lint import patterns as P
from cosaudit.lint.taint.syntax import root_of
from cosaudit.lint.taint.values import COLS, INPUT, LABEL, ROWS, Taint

# every source pattern ends in one of these: a cheap test before the regular expressions
_SOURCE_TAILS = (
    "weight", "weights", "kernel:0", "W_U", "W_E", "kernel", "[0]", "gamma", "unembed", "unembedding", "unembeddings",
    "embedding",  # a Flax / Haiku table: params["transformer"]["wte"]["embedding"]
)


_STATE_DICT = re.compile(r"\.state_dict\(\)\.(?=[\w.]*weight$)")
# a weight-normalised layer's direction (`weight_norm`: `fc.weight_v`; `parametrizations.weight_norm`:
# `fc.parametrizations.weight.original1`): the rows of the head up to a positive scale each
_WEIGHT_DIRECTION = re.compile(r"\.(?:weight_v|parametrizations\.weight\.original1)$")


@functools.lru_cache(maxsize=16384)  # the same access paths recur in every file of a scan
def match_source(path: str) -> tuple[str, str] | None:
    # `model.fc.state_dict()["weight"]` is `model.fc.weight`, `net.state_dict()["linear.weight"]` `net.linear.weight`
    path = _STATE_DICT.sub(".", path)
    path = _WEIGHT_DIRECTION.sub(".weight", path)
    if not path.endswith(_SOURCE_TAILS) or not P.ANY_SOURCE.search(path):
        return None
    for pat, kind, orient in P.SOURCES:
        if pat.search(path):
            return kind, orient
    return None


def token_table(path: str) -> Taint | None:
    """The input-embedding module itself (`model.get_input_embeddings()`, `model.transformer.wte`):
    calling it looks its rows up, and its `.weight` is the table."""
    found = match_source(path + ".weight")
    if found is None or found[0] != INPUT:
        return None
    return Taint(INPUT, ROWS, root=root_of(path), source=f"{path}.weight", table=True)


def label_name(name: str) -> bool:
    """Does a tensor name (`lm_head.weight`, `fc.weight`) name label rows?"""
    found = match_source(name)
    return found is not None and found[0] == LABEL


def head_module_path(path: str) -> bool:
    """Is `path` a module whose `.weight` is a label matrix (`model.fc`, `model.classifier[-1]`)?"""
    if path.endswith((".weight", ")")) and not path.endswith("get_output_embeddings()"):
        return False
    return label_name(path + ".weight")


def head_module_name(name: str) -> bool:
    """Does a bare attribute name (`classifier`, `fc`, `lm_head`) name a head module?"""
    return name.isidentifier() and head_module_path(name)


# A loader of the scan named or documented for the head's weights (`def load_last_layer(seed)`,
# "Load last-layer weight matrix (shape: [num_classes, hidden])") whose body reads a key we cannot
# place (`ckpt["layers.2.weight"]`): what it returns is the head's rows. The docstring's first
# sentence must begin with the verb, so that a lens documented as "Project onto the unembedding" is not one.
_VERB = r"(?:get|load|read|extract|fetch|find|locate)_"
_LAST_LAYER = r"(?:last|final|output|top)_(?:layer|linear|fc)"
_LAYER_LOADER = re.compile(
    rf"^{_VERB}(?:the_)?{_LAST_LAYER}(?:_(?:weights?|matrix|w))?$|"
    # `readout_rows(run)`, `load_classifier_matrix(path)`: the rows by their role
    rf"^(?:{_VERB})?(?:the_)?(?:readout|classifier|output|output_layer|last_layer|final_layer)_"
    r"(?:rows|weights?|matrix|w)$"
)
_LOADER_DOC = re.compile(
    r"^\s*(?:Loads?|Returns?|Gets?|Extracts?|Fetch(?:es)?|Reads?)\s+(?:\S+\s+){0,4}?"
    r"(?:last[- ]layer|final[- ]layer|output[- ]layer|classifier|classification[- ]head|lm[_ ]head|unembedding|"
    r"softmax[- ]layer)(?:'s)?\s+(?:weights?(?:\s+matrix)?|matrix|rows)\b",
    re.I,
)


def documented_head_return(node: ast.FunctionDef | ast.AsyncFunctionDef, unit: bool = False) -> Taint | None:
    """What a loader named or documented for the head's weights returns: label rows (columns when
    the docstring names `W_U`; normalised when the body divides them by their norms), medium
    confidence; None for any other function."""
    doc = ast.get_docstring(node) or ""
    if not (_LAYER_LOADER.match(node.name) or _LOADER_DOC.match(doc)):
        return None
    if not any(isinstance(n, ast.Return) and n.value is not None for n in ast.walk(node)):
        return None
    orient = COLS if "W_U" in doc.split(".")[0] else ROWS
    return Taint(LABEL, orient, normalized=unit, confidence="medium", source=f"{node.name}()")


# a helper named for the last layer's parameters (`get_last_layer(model)`, `get_model_and_last_layer(net)`,
# `get_classifier_params(m)`), its result unpacked into weight and bias
_LAST_LAYER_PARAMS = re.compile(
    rf"^{_VERB}(?:\w+_)?{_LAST_LAYER}(?:_(?:params|parameters|weights?))?$"
    rf"|^{_VERB}(?:classifier|fc|head|readout)_(?:params|parameters|weights?)$"
)
_BIAS_NAME = re.compile(r"^(?:b|bias|biases|\w+_b|\w+_bias)$")


def unpacked_last_layer_weights(getter: str, targets: list[str]) -> list[str]:
    """`w, b = get_last_layer(model)`: of the names a last-layer getter's result is unpacked into, those
    just before a bias (the weight; its rows the labels')."""
    if not _LAST_LAYER_PARAMS.match(getter):
        return []
    return [w for w, b in zip(targets, targets[1:], strict=False) if w and _BIAS_NAME.match(b.rsplit(".", 1)[-1])]

