"""Objects already in memory → the same `Head` the file loaders return.

`open_object` accepts a 2-D numpy array or torch tensor (rows = labels), a `transformers`
`PreTrainedModel`, a TransformerLens model (4.x `TransformerBridge`, 3.x `HookedTransformer`:
their `W_U` is [d_model, d_vocab], so its columns are the labels) or an already-opened `Head`.
Facts (bias, tie, learned positions, final norm, soft-capping, head type) are read from the live
modules and the config with the same tables the file loaders use (`cosaudit.load.arch`).

Nothing is copied up front: the readers hold read-only numpy views of the parameters (a bf16
tensor is viewed bit for bit and converted exactly on read). torch is imported only when the
object is a torch object, so the core install never needs it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import numpy as np

from cosaudit.errors import DataError, HeadNotFoundError, UsageError
from cosaudit.load.arch import POSITION_NAMES, PREFIXES, detect
from cosaudit.load.head import FinalNorm, Head
from cosaudit.load.labels import Vocabulary, id2label_vocabulary
from cosaudit.load.tensors import ArrayTensor

IN_MEMORY = Path("<in memory>")
HEAD_TYPES = ("auto", "softmax", "sigmoid")
ACCEPTED = (
    "a 2-D numpy array or torch tensor (rows = labels), a transformers PreTrainedModel, a "
    "TransformerLens TransformerBridge or HookedTransformer, or a cosaudit Head"
)
WRAPPED = "._original_component"
# float dtypes numpy cannot hold natively, by ml_dtypes name
_EXTRA_FLOATS = {"bfloat16": "BF16", "float8_e4m3fn": "F8_E4M3", "float8_e5m2": "F8_E5M2"}


def object_kind(obj: Any) -> str | None:
    """"head", "array", "tensor", "transformers", "bridge" (TL 4.x), "hooked" (TL 3.x) or None.

    Decided from the class hierarchy's module names, so nothing is imported to ask.
    """
    if isinstance(obj, Head):
        return "head"
    if isinstance(obj, np.ndarray):
        return "array"
    names = {(c.__module__.split(".")[0], c.__name__) for c in type(obj).__mro__}
    for key, kind in ((("transformer_lens", "TransformerBridge"), "bridge"),
                      (("transformer_lens", "HookedTransformer"), "hooked"),
                      (("transformers", "PreTrainedModel"), "transformers"),
                      (("torch", "Tensor"), "tensor")):
        if key in names:
            return kind
    return None


def type_name(obj: Any) -> str:
    """`module.Class` of an object, for messages."""
    t = type(obj)
    return f"{t.__module__}.{t.__qualname__}" if t.__module__ != "builtins" else t.__qualname__


def open_object(
    obj: Any,
    *,
    tokenizer: Any = None,
    bias: Any = None,
    tensor: str | None = None,
    head_type: str = "auto",
) -> Head:
    """The head of an in-memory object, described like a checkpoint's (see the module docstring).

    `tokenizer=` (a transformers tokenizer or a `tokenizers.Tokenizer`) names the rows so that
    labels can be strings; `bias=` gives (or overrides) the output bias; `tensor=` names the
    parameter to use as the head of a `transformers` model. A `Head` is returned unchanged.
    """
    kind = object_kind(obj)
    if kind == "head":
        return obj  # type: ignore[no-any-return]
    if isinstance(obj, (str, Path)):
        raise UsageError(f"open_object takes an object in memory, not the path or Hub id {str(obj)!r}",
                         hint="open checkpoints with cosaudit.load.open_head")
    if kind is None:
        raise UsageError(f"cannot audit an object of type {type_name(obj)}", hint="pass " + ACCEPTED)
    if head_type not in HEAD_TYPES:
        raise UsageError(f"unknown head type {head_type!r}", hint="use auto, softmax or sigmoid")
    openers = {"array": _open_matrix, "tensor": _open_matrix, "transformers": _open_transformers,
               "bridge": _open_bridge, "hooked": _open_hooked}
    head: Head = openers[kind](obj, tokenizer=tokenizer, bias=bias, tensor=tensor, head_type=head_type)
    return head


# --------------------------------------------------------------------------- arrays and tensors


def torch_to_numpy(t: Any) -> tuple[np.ndarray, str | None]:
    """A numpy view of a torch tensor (detached, on the CPU) and its safetensors dtype name.

    bfloat16 is viewed bit for bit as `ml_dtypes.bfloat16` (converted exactly on read); float8
    goes through float32. Other dtypes keep their own (the name is then None: numpy's is right).
    """
    import torch

    t = t.detach().resolve_conj().resolve_neg()  # lazy conjugate / negative views cannot be shared
    if t.device.type != "cpu":
        t = t.cpu()
    if t.dtype == torch.bfloat16:
        import ml_dtypes

        return t.view(torch.int16).numpy().view(ml_dtypes.bfloat16), "BF16"
    f8 = {getattr(torch, "float8_e4m3fn", None): "F8_E4M3", getattr(torch, "float8_e5m2", None): "F8_E5M2"}
    if t.dtype in f8:
        return t.float().numpy(), f8[t.dtype]
    return t.numpy(), None


def as_numpy(x: Any, what: str) -> tuple[np.ndarray, str | None, list[str]]:
    """(read-only float view, dtype name or None, notes) of a numpy array or torch tensor."""
    notes: list[str] = []
    if isinstance(x, np.ndarray):
        a, label = x, None
    elif object_kind(x) == "tensor":
        a, label = torch_to_numpy(x)
    else:
        raise UsageError(f"{what} must be a numpy array or a torch tensor, not {type_name(x)}",
                         hint="convert it with numpy.asarray(...)")
    if a.dtype.kind in "iu":
        a = a.astype(np.float64)
        notes.append(f"{what}: integer values converted to float64")
    elif a.dtype.kind != "f" and a.dtype.name not in _EXTRA_FLOATS:
        raise UsageError(f"{what} has dtype {a.dtype}, not a real number type",
                         hint="pass a float array (float64, float32, float16 or bfloat16)")
    view = a.view()
    view.flags.writeable = False  # the readers never write; a stray write would reach the model
    return view, label or _EXTRA_FLOATS.get(a.dtype.name), notes


def tensor_reader(name: str, x: Any, what: str | None = None) -> tuple[ArrayTensor, list[str]]:
    """An `ArrayTensor` over a numpy array or torch tensor (no copy), and conversion notes."""
    a, label, notes = as_numpy(x, what or name)
    return ArrayTensor(name, a, None, dtype=label), notes


def _bias_reader(bias: Any, rows: int, name: str = "bias") -> tuple[ArrayTensor | None, list[str]]:
    if bias is None:
        return None, []
    reader, notes = tensor_reader(name, bias, "the bias")
    size = int(np.prod(reader.shape)) if reader.shape else 1
    if size != rows or len(reader.shape) > 2 or (len(reader.shape) == 2 and 1 not in reader.shape):
        raise UsageError(
            f"the bias has shape {list(reader.shape)} but the head has {rows} rows",
            hint=f"pass a vector of {rows} entries as bias=",
        )
    return reader, notes + [f"output bias {name!r} given with bias="]


def _head_type(head_type: str) -> tuple[str, str]:
    if head_type in ("softmax", "sigmoid"):
        return head_type, f"head_type={head_type!r}"
    return "softmax", "default: softmax (pass head_type='sigmoid' for multi-label heads)"


def _open_matrix(obj: Any, *, tokenizer: Any, bias: Any, tensor: str | None, head_type: str) -> Head:
    kind = object_kind(obj)
    if tensor is not None:
        raise UsageError("tensor= names a parameter of a model; a matrix is the head itself",
                         hint="drop tensor=, or pass the model")
    name = "array" if kind == "array" else "tensor"
    weight, notes = tensor_reader(name, obj, f"the {name}")
    if len(weight.shape) != 2:
        raise UsageError(
            f"the head must be a 2-D matrix (rows = labels), got a {name} of shape {list(weight.shape)}",
            hint="pass the V × d matrix (a TransformerLens W_U is d × V: pass W_U.T)",
        )
    if 0 in weight.shape:
        raise DataError(f"the {name} has shape {list(weight.shape)}: nothing to audit",
                        hint="pass the V × d head")
    b, bias_notes = _bias_reader(bias, weight.shape[0])
    vocab = tokenizer_vocabulary(tokenizer) if tokenizer is not None else None
    ht, why = _head_type(head_type)
    detection = [f"head: the {name} given ({weight.dtype}, {list(weight.shape)}), rows = labels",
                 *notes, *bias_notes, f"head type {ht}: {why}"]
    return Head(
        source=f"{type_name(obj)} {list(weight.shape)}", kind=kind, root=None,  # type: ignore[arg-type]
        path=IN_MEMORY, weight=weight, bias=b, head_type=ht,  # type: ignore[arg-type]
        head_type_reason=why, vocab=vocab, n_vocab=_n_vocab(vocab, weight.shape[0]),
        detection=detection, live=obj,
    )


def _n_vocab(vocab: Vocabulary | None, rows: int) -> int | None:
    return None if vocab is None else min(vocab.size, rows)


# --------------------------------------------------------------------------- tokenizers


def tokenizer_vocabulary(tokenizer: Any) -> Vocabulary:
    """The `Vocabulary` of a `tokenizers.Tokenizer` or a (fast) transformers tokenizer."""
    from tokenizers import Tokenizer

    backend = tokenizer if isinstance(tokenizer, Tokenizer) else getattr(tokenizer, "backend_tokenizer", None)
    if not isinstance(backend, Tokenizer):
        raise UsageError(
            f"tokenizer= must be a transformers tokenizer backed by `tokenizers` or a "
            f"tokenizers.Tokenizer, not {type_name(tokenizer)}",
            hint="load it with AutoTokenizer.from_pretrained(..., use_fast=True), or pass ids= instead of labels",
        )
    vocab = backend.get_vocab(with_added_tokens=True)
    return Vocabulary({i: t for t, i in vocab.items()}, how="tokenizer", tokenizer=backend)


def _vocabulary(tokenizer: Any, config: dict[str, Any]) -> Vocabulary | None:
    if tokenizer is not None:
        return tokenizer_vocabulary(tokenizer)
    return id2label_vocabulary(config)


# --------------------------------------------------------------------------- transformers


def _plain(name: str) -> str:
    """A parameter name as transformers writes it (TransformerLens' bridge wraps modules in place)."""
    return name.replace(WRAPPED, "")


def named_tensors(model: Any) -> dict[str, Any]:
    """Every parameter and buffer by name (tied parameters under each of their names)."""
    out: dict[str, Any] = {}
    for n, p in model.named_parameters(remove_duplicate=False):
        out.setdefault(_plain(n), p)
    for n, b in model.named_buffers(remove_duplicate=False):
        out.setdefault(_plain(n), b)
    return out


def _module_weight_name(model: Any, getter: str) -> str | None:
    """`<name>.weight` of the module `model.<getter>()` returns (2-D weight), else None."""
    get = getattr(model, getter, None)
    module = get() if callable(get) else None
    w = getattr(module, "weight", None)
    if module is None or w is None or getattr(w, "ndim", 0) != 2:
        return None
    for n, m in model.named_modules(remove_duplicate=False):
        if m is module:
            return _plain(f"{n}.weight" if n else "weight")
    return None


def _same_storage(a: Any, b: Any) -> bool:
    return bool(a is b or (a.data_ptr() == b.data_ptr() and a.shape == b.shape))


def _config_dict(model: Any) -> dict[str, Any]:
    to_dict = getattr(getattr(model, "config", None), "to_dict", None)
    d = to_dict() if callable(to_dict) else {}
    return d if isinstance(d, dict) else {}


def _layout(model: Any, tensors: dict[str, Any], config: dict[str, Any], tensor: str | None,
            head_type: str) -> Any:
    shapes = {n: tuple(int(s) for s in t.shape) for n, t in tensors.items()}
    if tensor is not None and tensor not in tensors:
        two_d = sorted(n for n, s in shapes.items() if len(s) == 2)
        raise HeadNotFoundError(f"the model has no parameter named {tensor!r}",
                                hint="2-D parameters: " + ", ".join(two_d[:12]))
    output = tensor or _module_weight_name(model, "get_output_embeddings")
    layout = detect(shapes, config, tensor=output, head_type=head_type)
    if layout is None:
        raise HeadNotFoundError(f"found no output head in the {type(model).__name__}",
                                hint="pass tensor= with the name of the head's weight")
    if tensor is None and output is not None:
        layout.notes[0] = f"head {output!r}: the model's get_output_embeddings()"
    layout.notes = [n.replace("--tensor", "tensor=") for n in layout.notes]
    if head_type != "auto":
        layout.head_type_reason = f"head_type={head_type!r}"
    layout.head_type_reason = layout.head_type_reason.replace("--head sigmoid", "head_type='sigmoid'")
    return layout


def _tie(
    model: Any, tensors: dict[str, Any], weight: str, config: dict[str, Any]
) -> tuple[bool, str | None, list[str]]:
    """(tied, input-embedding name, notes), decided by shared storage, compared with the config."""
    emb = _module_weight_name(model, "get_input_embeddings")
    tied = emb is not None and _same_storage(tensors[weight], tensors[emb])
    notes = []
    flag = config.get("tie_word_embeddings")
    if tied:
        notes.append(f"head shares its storage with the input embedding {emb!r}: tied")
    if isinstance(flag, bool) and flag != tied and emb != weight:
        notes.append(f"config says tie_word_embeddings: {flag}, but the live parameters are "
                     f"{'' if tied else 'not '}shared: the live modules win")
    return tied, (emb if tied else None), notes


def _position_name(tensors: dict[str, Any], dim: int) -> str | None:
    for cand in POSITION_NAMES:
        for prefix in PREFIXES:
            t = tensors.get(prefix + cand)
            if t is not None and t.ndim == 2 and int(t.shape[1]) == dim:
                return prefix + cand
    return None


def _final_norm(model: Any, tensors: dict[str, Any], layout: Any) -> FinalNorm | None:
    if not layout.norm_weight:
        return None
    module = model.get_submodule(layout.norm_weight[: -len(".weight")])
    module = getattr(module, "original_component", None) or module  # a TransformerLens bridge component
    cls = type(module).__name__.lower()
    kind: Literal["layernorm", "rmsnorm"] = (
        "rmsnorm" if "rms" in cls else "layernorm" if "layernorm" in cls or layout.norm_bias else "rmsnorm"
    )
    eps = getattr(module, "eps", None)
    eps = getattr(module, "variance_epsilon", None) if eps is None else eps
    bias = tensor_reader(layout.norm_bias, tensors[layout.norm_bias])[0] if layout.norm_bias else None
    return FinalNorm(kind=kind, weight=tensor_reader(layout.norm_weight, tensors[layout.norm_weight])[0],
                     bias=bias, weight_offset=layout.norm_offset,
                     eps=float(eps) if isinstance(eps, (int, float)) else layout.norm_eps)


def _open_transformers(model: Any, *, tokenizer: Any, bias: Any, tensor: str | None, head_type: str) -> Head:
    tensors = named_tensors(model)
    config = _config_dict(model)
    layout = _layout(model, tensors, config, tensor, head_type)
    weight, notes = tensor_reader(layout.weight, tensors[layout.weight])
    tied, tied_to, tie_notes = _tie(model, tensors, layout.weight, config)
    if bias is not None:
        b, bias_notes = _bias_reader(bias, weight.shape[0])
        layout.notes = [n for n in layout.notes if not n.startswith("output bias")]
    else:
        b, bias_notes = (tensor_reader(layout.bias, tensors[layout.bias])[0] if layout.bias else None), []
    position = _position_name(tensors, weight.shape[1]) if tied else None
    vocab = _vocabulary(tokenizer, config)
    detection = [*layout.notes, *tie_notes, *notes, *bias_notes,
                 f"head type {layout.head_type}: {layout.head_type_reason}"]
    if position is not None:
        detection.append(f"learned position embedding {position!r}: a translation can keep the tie")
    return Head(
        source=f"{type(model).__name__} (in memory)", kind="transformers", root=None, path=IN_MEMORY,
        weight=weight, bias=b, tied=tied, tied_to=tied_to,
        position_embedding=tensor_reader(position, tensors[position])[0] if position else None,
        final_norm=_final_norm(model, tensors, layout), softcap=layout.softcap,
        head_type=layout.head_type, head_type_reason=layout.head_type_reason,
        config=config, model_type=config.get("model_type"), vocab=vocab,
        n_vocab=_n_vocab(vocab, weight.shape[0]), detection=detection, live=model,
    )


# --------------------------------------------------------------------------- TransformerLens


def _centered(W: np.ndarray) -> tuple[bool, str]:
    """Whether the rows of W have mean 0 (what center_unembed leaves), with the figures."""
    from cosaudit.core.symmetry import mean_row, mean_row_norm_of

    m = float(np.linalg.norm(mean_row(W)))
    scale = mean_row_norm_of(W)
    centered = scale > 0 and m <= 1e-4 * scale
    return centered, f"mean row norm {m:.3g} against a mean row length of {scale:.3g}"


def processing_note(applied: list[str]) -> str | None:
    """What TransformerLens' processing did, in the terms of this tool; None when nothing."""
    if not applied:
        return None
    what = []
    if "fold_ln" in applied:
        what.append("fold_ln multiplied the final norm's gain into W_U (its shift, if any, into b_U): the "
                    "rescaling symmetry, with e = the gain")
    if "center_unembed" in applied:
        what.append("center_unembed subtracted the mean row from W_U: the translation symmetry, "
                    "with c = −(mean row)")
    return ("TransformerLens has already applied the symmetries this tool is about: " + "; ".join(what)
            + ". The probabilities are the model's own, but the cosines shown are those of the "
            "processed W_U: they differ from the checkpoint's lm_head.weight for the same model, "
            "and neither set is a property of the model.")


def _tl_tokenizer(model: Any, tokenizer: Any) -> Any:
    return tokenizer if tokenizer is not None else getattr(model, "tokenizer", None)


def _open_bridge(bridge: Any, *, tokenizer: Any, bias: Any, tensor: str | None, head_type: str) -> Head:
    if tensor is not None:
        raise UsageError("tensor= does not apply to a TransformerLens model: its head is W_U",
                         hint="drop tensor=")
    head = _open_transformers(bridge.original_model, tokenizer=_tl_tokenizer(bridge, tokenizer),
                              bias=None, tensor=None, head_type=head_type)
    weight, notes = tensor_reader("W_U", bridge.W_U.T, "W_U.T")
    if bias is not None:
        b, bias_notes = _bias_reader(bias, weight.shape[0])
    else:
        # the bridge gives every head a b_U (a zero buffer when the checkpoint has none)
        b_U = bridge.b_U
        b, bias_notes = (tensor_reader("b_U", b_U)[0] if bool((b_U != 0).any()) else None), []
    centered, figures = _centered(weight.array)
    processed = bool(getattr(bridge, "_weights_processed", False))
    norm = head.final_norm
    folded = processed and norm is not None and bool(np.all(norm.gain() == 1))  # fold_ln leaves gain 1
    applied = (["fold_ln"] if folded else []) + (["center_unembed"] if processed and centered else [])
    detection = [
        "TransformerLens TransformerBridge: W_U is [d_model, d_vocab], its columns are the labels "
        f"(read as W_U.T, {list(weight.shape)})",
        *notes, *bias_notes,
        ("weights processed by enable_compatibility_mode()" if processed
         else "weights not processed (no enable_compatibility_mode()): W_U is the checkpoint's head"),
        f"W_U {'is' if centered else 'is not'} centered: {figures}",
        *[n for n in head.detection[1:] if not n.startswith("output bias")],  # [0]: the lm_head line
    ]
    head.kind, head.source = "transformer_lens", "TransformerBridge (in memory)"
    head.weight, head.bias, head.detection, head.live = weight, b, detection, bridge
    head.processing_note = processing_note(applied)
    return head


def _hooked_norm(model: Any, cfg: Any) -> FinalNorm | None:
    norm_type = getattr(cfg, "normalization_type", None)
    ln = getattr(model, "ln_final", None)
    w = getattr(ln, "w", None)
    if norm_type not in ("LN", "RMS") or w is None:
        return None
    b = getattr(ln, "b", None) if norm_type == "LN" else None
    eps = getattr(cfg, "eps", None)
    return FinalNorm(kind="layernorm" if norm_type == "LN" else "rmsnorm",
                     weight=tensor_reader("ln_final.w", w)[0],
                     bias=tensor_reader("ln_final.b", b)[0] if b is not None else None,
                     eps=float(eps) if isinstance(eps, (int, float)) else None)


def _open_hooked(model: Any, *, tokenizer: Any, bias: Any, tensor: str | None, head_type: str) -> Head:
    if tensor is not None:
        raise UsageError("tensor= does not apply to a TransformerLens model: its head is W_U",
                         hint="drop tensor=")
    cfg = model.cfg
    weight, notes = tensor_reader("unembed.W_U", model.unembed.W_U.T, "W_U.T")
    b, bias_notes = (_bias_reader(bias, weight.shape[0]) if bias is not None
                     else (tensor_reader("unembed.b_U", model.unembed.b_U)[0], []))
    norm_type = getattr(cfg, "normalization_type", None)
    folded = norm_type in ("LNPre", "RMSPre")
    centered, figures = _centered(weight.array)
    cap = getattr(cfg, "output_logits_soft_cap", None)
    softcap = float(cap) if isinstance(cap, (int, float)) and cap > 0 else None
    ht, why = _head_type(head_type)
    vocab = _vocabulary(_tl_tokenizer(model, tokenizer), {})
    detection = [
        "TransformerLens HookedTransformer: W_U is [d_model, d_vocab], its columns are the labels "
        f"(read as W_U.T, {list(weight.shape)})", *notes, *bias_notes,
        f"cfg.normalization_type = {norm_type}" + (": fold_ln folded the final norm into W_U" if folded else ""),
        f"W_U {'is' if centered else 'is not'} centered" + (" (as center_unembed leaves it)" if centered else "")
        + f": {figures}",
        f"head type {ht}: {why}",
    ]
    if softcap is not None:
        detection.append(f"logits soft-capped: cfg.output_logits_soft_cap = {cap}")
    applied = (["fold_ln"] if folded else []) + (["center_unembed"] if centered else [])
    return Head(
        source="HookedTransformer (in memory)", kind="transformer_lens", root=None, path=IN_MEMORY,
        weight=weight, bias=b, final_norm=_hooked_norm(model, cfg), softcap=softcap, head_type=ht,  # type: ignore[arg-type]
        head_type_reason=why, model_type=getattr(cfg, "original_architecture", None), vocab=vocab,
        n_vocab=_n_vocab(vocab, weight.shape[0]), detection=detection, live=model,
        processing_note=processing_note(applied),
    )

