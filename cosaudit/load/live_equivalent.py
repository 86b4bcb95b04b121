"""An equivalent object of the input's own kind, and its check by the model's own forward pass.

`equivalent_object` applies a translation c (every row + c) or a rescaling e (W → W·diag(e)⁻¹,
final norm gain and shift × e) to a copy: a numpy array or torch tensor gets new rows; a model
(`transformers`, TransformerLens) is deep-copied and its head replaced the way the file writer
does it (`cosaudit.load.save_plan`): a tied head keeps its tie under a translation when learned
absolute positions can absorb it (input embedding + c, positions − c), otherwise the copy is
untied (its own head parameter, `tie_word_embeddings` false) and the input embedding stays as
it was. The input object is never modified.

`forward_check` runs both objects on the same token sequences and compares next-token
probabilities in float64.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from cosaudit.core.equivalent import Equivalent
from cosaudit.core.symmetry import SymmetryRefusedError, cosine, symmetry_issue
from cosaudit.errors import UsageError
from cosaudit.load.head import Head
from cosaudit.load.live import (
    ACCEPTED,
    WRAPPED,
    as_numpy,
    named_tensors,
    object_kind,
    open_object,
    type_name,
)

SENTENCES = (
    "the dog chased the cat across the garden",
    "a cat sat on the warm mat near the dog",
    "the horse and the cow walked to the red barn",
    "my blue car is parked next to the old house",
)
MODELS = ("transformers", "bridge", "hooked")


def equivalent_object(obj: Any, head: Head, *, translation: Any = None, rescale: Any = None) -> Any:
    """A new object of `obj`'s kind whose probabilities equal `obj`'s (see the module docstring).

    `head` is `obj`'s head (`open_object(obj)`); `translation` is c (a d-vector, or anything with
    `.c`: `core.symmetry.Translation`, `core.equivalent.Equivalent`), `rescale` is e (a d-vector or
    anything with `.scale`). Exactly one of the two.
    """
    eq = _equivalent(head, translation, rescale)
    kind = object_kind(obj)
    if kind == "head":
        raise UsageError("a Head opened from a checkpoint has no in-memory object to copy",
                         hint="write the equivalent checkpoint with save= (flip --save)")
    builders = {"array": _array, "tensor": _tensor, "transformers": _transformers,
                "bridge": _bridge, "hooked": _hooked}
    if kind not in builders:
        raise UsageError(f"cannot build an equivalent of an object of type {type_name(obj)}",
                         hint="pass " + ACCEPTED)
    return builders[kind](obj, head, eq)


def _vector(x: Any, attr: str, d: int, what: str) -> np.ndarray:
    x = getattr(x, attr, x)
    if object_kind(x) in ("array", "tensor"):
        x = as_numpy(x, what)[0]
    try:
        v = np.asarray(x, dtype=np.float64).reshape(-1)
    except (TypeError, ValueError):
        raise UsageError(f"{what} must be a vector of {d} numbers, not {type_name(x)}") from None
    if v.shape != (d,) or not np.all(np.isfinite(v)):
        raise UsageError(f"{what} must be {d} finite numbers (the head's width), got shape {list(v.shape)}",
                         hint="build it from this head with cosaudit.core.symmetry")
    return v


def _equivalent(head: Head, translation: Any, rescale: Any) -> Equivalent:
    if (translation is None) == (rescale is None):
        raise UsageError("give exactly one of translation= and rescale=")
    if isinstance(translation if rescale is None else rescale, Equivalent):
        eq: Equivalent = translation if rescale is None else rescale
    elif rescale is None:
        eq = Equivalent("translate", c=_vector(translation, "c", head.dim, "the translation"))
    else:
        e = _vector(rescale, "scale", head.dim, "the rescaling")
        if not np.all(e != 0):
            raise UsageError("the rescaling has a zero entry", hint="every entry of e must be non-zero")
        eq = Equivalent("rescale", scale=e)
    issue = symmetry_issue(eq.symmetry, head_type=head.head_type, softcap=head.softcap,
                           has_norm=head.final_norm is not None, normalized_rows=head.normalized_rows)
    if issue is not None:
        raise SymmetryRefusedError(issue)
    return eq


# --------------------------------------------------------------------------- arrays and tensors


def _array(obj: np.ndarray, head: Head, eq: Equivalent) -> np.ndarray:
    new = eq.weight(np.asarray(obj, dtype=np.float64))
    return new.astype(obj.dtype) if obj.dtype.kind not in "iu" else new


def _tensor(obj: Any, head: Head, eq: Equivalent) -> Any:
    import torch

    t = obj.detach()
    new = torch.from_numpy(eq.weight(t.to("cpu", torch.float64).numpy())).to(dtype=t.dtype, device=t.device)
    if isinstance(obj, torch.nn.Parameter):
        return torch.nn.Parameter(new, requires_grad=obj.requires_grad)
    return new


# --------------------------------------------------------------------------- models


def _set(t: Any, values: np.ndarray) -> None:
    """Overwrite a parameter of the copy (float64 values rounded to its dtype)."""
    import torch

    with torch.no_grad():
        t.copy_(torch.from_numpy(np.ascontiguousarray(values)).reshape(t.shape))


def _f64(t: Any) -> np.ndarray:
    import torch

    return np.asarray(t.detach().to("cpu", torch.float64).numpy())


def _owner(model: Any, name: str) -> Any:
    """The module that holds parameter `name` (a plain name: bridge wrappers are looked through)."""
    prefix, _, leaf = name.rpartition(".")
    for n, m in model.named_modules(remove_duplicate=False):
        if n.replace(WRAPPED, "") == prefix and leaf in m._parameters:
            return m
    raise UsageError(f"cannot find the module holding {name!r} in the copy")


def _untie(model: Any, name: str, values: np.ndarray) -> None:
    """Give the copy its own head parameter and say so in its config; the embedding stays."""
    import torch

    owner = _owner(model, name)
    old = owner._parameters[name.rpartition(".")[2]]
    new = torch.from_numpy(np.ascontiguousarray(values)).to(dtype=old.dtype, device=old.device)
    setattr(owner, name.rpartition(".")[2], torch.nn.Parameter(new, requires_grad=old.requires_grad))
    configs = [model.config]
    if hasattr(model.config, "get_text_config"):
        configs.append(model.config.get_text_config())
    for cfg in configs:
        if hasattr(cfg, "tie_word_embeddings"):
            cfg.tie_word_embeddings = False


def _rescale_norm(tensors: dict[str, Any], head: Head, eq: Equivalent) -> None:
    norm = head.final_norm
    assert norm is not None and eq.scale is not None
    off = norm.weight_offset  # Gemma stores γ − 1
    _set(tensors[norm.weight.name], (_f64(tensors[norm.weight.name]) + off) * eq.scale - off)  # γ → γ⊙e
    if norm.bias is not None:
        _set(tensors[norm.bias.name], _f64(tensors[norm.bias.name]) * eq.scale)  # β → β⊙e


def apply_to_transformers(model: Any, eq: Equivalent) -> str:
    """Apply `eq` in place to a `transformers` model (a copy!); returns how the tie was handled."""
    head = open_object(model)
    tensors = named_tensors(model)
    name = head.weight.name
    new = eq.weight(_f64(tensors[name]))
    if head.tied and eq.symmetry == "translate" and head.position_embedding is not None:
        pos = head.position_embedding.name
        assert eq.c is not None
        _set(tensors[pos], _f64(tensors[pos]) - eq.c)  # input vectors: (wte + c) + (wpe − c)
        _set(tensors[name], new)
        tie = "kept"
    elif head.tied:
        _untie(model, name, new)
        tie = "untied"
    else:
        _set(tensors[name], new)
        tie = "none"
    if eq.symmetry == "rescale":
        _rescale_norm(tensors, head, eq)
    return tie


def _transformers(model: Any, head: Head, eq: Equivalent) -> Any:
    new = copy.deepcopy(model)
    apply_to_transformers(new, eq)
    return new


def _bridge(bridge: Any, head: Head, eq: Equivalent) -> Any:
    new = copy.deepcopy(bridge)
    apply_to_transformers(new.original_model, eq)  # W_U is the wrapped lm_head's weight, transposed
    return new


def _hooked(model: Any, head: Head, eq: Equivalent) -> Any:
    new = copy.deepcopy(model)
    W_U = new.unembed.W_U  # [d_model, d_vocab]
    _set(W_U, eq.weight(_f64(W_U).T).T)
    if eq.symmetry == "rescale":
        assert eq.scale is not None
        ln = new.ln_final
        _set(ln.w, _f64(ln.w) * eq.scale)
        if getattr(ln, "b", None) is not None:
            _set(ln.b, _f64(ln.b) * eq.scale)
    return new


# --------------------------------------------------------------------------- forward check


@contextmanager
def _eval_mode(model: Any) -> Iterator[None]:
    """Eval mode (no dropout) for the check, the caller's mode restored afterwards."""
    was = bool(getattr(model, "training", False))
    model.eval()
    try:
        yield
    finally:
        model.train(was)


def _input_vocab(model: Any, head: Head) -> int:
    get = getattr(model, "get_input_embeddings", None)
    weight = getattr(get() if callable(get) else None, "weight", None)
    if weight is not None:
        return int(weight.shape[0])
    d_vocab = getattr(getattr(model, "cfg", None), "d_vocab", None)
    return int(d_vocab) if isinstance(d_vocab, int) else head.n_rows


def _encode(tokenizer: Any, text: str) -> list[int]:
    from tokenizers import Tokenizer

    if isinstance(tokenizer, Tokenizer):
        return list(tokenizer.encode(text).ids)
    return list(tokenizer(text)["input_ids"])


def token_sequences(model: Any, head: Head, tokenizer: Any, input_ids: Any) -> tuple[list[list[int]], str]:
    """The sequences to run, and how they were chosen (given ids, a tokenizer, or seeded ids)."""
    if input_ids is not None:
        rows = input_ids.tolist() if hasattr(input_ids, "tolist") else list(input_ids)
        seqs = [list(map(int, r)) for r in (rows if rows and isinstance(rows[0], (list, tuple)) else [rows])]
        return seqs, f"{len(seqs)} token sequences given with input_ids="
    tok = tokenizer if tokenizer is not None else getattr(model, "tokenizer", None)
    if tok is not None:
        return [_encode(tok, s) for s in SENTENCES], f"{len(SENTENCES)} English sentences, tokenized"
    rng = np.random.default_rng(0)
    n = _input_vocab(model, head)
    return [rng.integers(0, n, size=12).tolist() for _ in range(4)], "4 sequences of 12 random token ids (seed 0)"


def _log_probs(model: Any, seqs: list[list[int]]) -> np.ndarray:
    """log p over the labels at every position of every sequence, float64, [positions, V]."""
    import torch

    device = next(model.parameters()).device
    out = []
    with torch.no_grad(), _eval_mode(model):
        for s in seqs:
            res = model(torch.tensor([s], device=device))
            logits = getattr(res, "logits", res)
            z = logits.detach().to("cpu", torch.float64).reshape(-1, logits.shape[-1])
            out.append(torch.log_softmax(z, dim=-1).numpy())
    return np.concatenate(out)


def _values64(obj: Any) -> np.ndarray:
    """An array's or tensor's own values in float64 (not through the float32 head reader)."""
    return np.asarray(as_numpy(obj, "the head")[0], dtype=np.float64)


def _probe_log_probs(W: np.ndarray, h: np.ndarray) -> np.ndarray:
    z = h @ W.T
    z = z - z.max(axis=1, keepdims=True)
    return np.asarray(z - np.log(np.exp(z).sum(axis=1, keepdims=True)))


def _pair(h0: Head, h1: Head, rows: tuple[np.ndarray, np.ndarray] | None, ids: tuple[int, int]) -> dict[str, Any]:
    """The pair's cosine in both heads (float64 values of arrays / tensors, else the head's rows)."""
    i, j = (int(k) for k in ids)
    if not (0 <= i < h0.n_rows and 0 <= j < h0.n_rows):
        raise UsageError(f"ids_pair {[i, j]} is out of range: the head has {h0.n_rows} rows")
    w0, w1 = (rows[0][[i, j]], rows[1][[i, j]]) if rows is not None else (h0.rows([i, j]), h1.rows([i, j]))
    return {"ids": [i, j], "cosine_original": cosine(w0[0], w0[1]), "cosine_equivalent": cosine(w1[0], w1[1])}


def forward_check(
    original: Any,
    equivalent: Any,
    *,
    tokenizer: Any = None,
    input_ids: Any = None,
    ids_pair: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """Compare the two objects' probabilities: max |Δp|, max |Δ log p|, argmax agreement.

    Models run their own forward pass on token sequences (`input_ids=`, else sentences through
    `tokenizer=` or the model's own tokenizer, else seeded random ids); arrays and tensors are
    compared on 64 seeded random hidden states. With `ids_pair=(i, j)` the result also has the
    pair's cosine in both heads.

    Returns {"inputs": what was run, "positions": rows compared, "max_abs_prob_diff",
    "max_abs_log_prob_diff", "argmax_agreement": fraction of positions with the same top label,
    "pair": None or {"ids", "cosine_original", "cosine_equivalent"}}; probabilities in float64.
    """
    kind = object_kind(original)
    if kind != object_kind(equivalent) or kind not in ("array", "tensor", *MODELS):
        raise UsageError(
            f"cannot compare a {type_name(original)} with a {type_name(equivalent)}",
            hint="pass the original object and the one equivalent_object built from it",
        )
    h0, h1 = open_object(original), open_object(equivalent)
    if h0.shape != h1.shape:
        raise UsageError(f"the heads differ in shape: {list(h0.shape)} and {list(h1.shape)}")
    rows = None
    if kind in MODELS:
        seqs, how = token_sequences(original, h0, tokenizer, input_ids)
        lp0, lp1 = _log_probs(original, seqs), _log_probs(equivalent, seqs)
    else:
        rows = (_values64(original), _values64(equivalent))
        rng = np.random.default_rng(0)
        scale = 3.0 / max(float(np.linalg.norm(rows[0], axis=1).mean()), 1e-300)  # logits of a few units
        h = scale * rng.standard_normal((64, h0.dim))
        lp0, lp1 = _probe_log_probs(rows[0], h), _probe_log_probs(rows[1], h)
        how = "64 seeded random hidden states (seed 0), float64"
    return {
        "inputs": how,
        "positions": int(lp0.shape[0]),
        "max_abs_prob_diff": float(np.abs(np.exp(lp0) - np.exp(lp1)).max()),
        "max_abs_log_prob_diff": float(np.abs(lp0 - lp1).max()),
        "argmax_agreement": float((lp0.argmax(axis=1) == lp1.argmax(axis=1)).mean()),
        "pair": None if ids_pair is None else _pair(h0, h1, rows, ids_pair),
    }
