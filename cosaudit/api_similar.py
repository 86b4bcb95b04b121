"""`cosaudit.similar(...)`: the Python form of `cosaudit similar`.

    import cosaudit
    cosaudit.similar("fixtures/demo-lm", ["dog", "cat", "car"])              # the demo's own states
    cosaudit.similar("model.safetensors", ["dog", "cat"], hidden="acts.npy")
    cosaudit.similar(hf_model, [" dog", " cat"], texts=corpus, tokenizer=tok)  # captured live

`model` is a checkpoint (path, folder, Hub id), an opened `Head`, a live `transformers` model,
or a TransformerLens `TransformerBridge` (its wrapped transformers model is run); with
`texts=` the model runs on the texts and the inputs of its output head are captured by a
forward hook (the model is left unchanged).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from cosaudit.audit.similar import (
    HiddenStates,
    SimilarReport,
    from_array,
    load_hidden,
    norm_hidden,
    run_similar,
)
from cosaudit.errors import UsageError
from cosaudit.load import resolve_labels
from cosaudit.load.head import Head

ArrayOrPath = str | Path | np.ndarray


def _is_live(model: Any) -> bool:
    return callable(getattr(model, "get_output_embeddings", None))


def _unwrap(model: Any, tokenizer: Any) -> tuple[Any, Any]:
    """A TransformerLens `TransformerBridge` runs its wrapped transformers model: measure on that
    (same probabilities), with the bridge's tokenizer unless one is given."""
    inner = getattr(model, "original_model", None)
    if inner is not None and inner is not model and _is_live(inner):
        return inner, tokenizer if tokenizer is not None else getattr(model, "tokenizer", None)
    return model, tokenizer


def _head(model: Any, tokenizer: Any, options: dict[str, Any]) -> Head:
    """Open the head the way every other API call does (a path or Hub id, a `Head`, an array,
    a tensor or a live model)."""
    from cosaudit.session import HeadOptions, open_model

    return open_model(model, HeadOptions(tokenizer=tokenizer if not isinstance(model, (str, Path, Head)) else None,
                                    **options))


def _states(head: Head, model: Any, *, hidden: ArrayOrPath | None, before_norm: ArrayOrPath | None,
            texts: Sequence[str] | None, tokenizer: Any, max_length: int | None) -> HiddenStates:
    given = [x is not None for x in (hidden, before_norm, texts)]
    if sum(given) > 1:
        raise UsageError("give one of hidden=, hidden_before_norm= or texts=")
    if texts is not None:
        if not _is_live(model):
            raise UsageError("texts= needs a live model (transformers)",
                             hint="with a checkpoint path, pass hidden= or hidden_before_norm=")
        from cosaudit.load.capture import capture_head_inputs

        h = capture_head_inputs(model, tokenizer, list(texts), max_length=max_length)
        return from_array(head, h, f"{len(texts)} texts through {type(model).__name__}, captured at the "
                                   "input of get_output_embeddings()")
    if isinstance(hidden, np.ndarray):
        return from_array(head, hidden, "hidden= array (after the final norm)")
    if isinstance(before_norm, np.ndarray):
        x = from_array(head, before_norm, "hidden_before_norm= array")
        h, how = norm_hidden(head, x.values)
        return HiddenStates(h, f"{x.source}, before the final norm, {how}")
    return load_hidden(head, None if hidden is None else Path(hidden),
                       None if before_norm is None else Path(before_norm))


def similar(
    model: Any = None,
    labels: Sequence[str | int] | None = None,
    *,
    label: str | int | None = None,
    k: int = 10,
    hidden: ArrayOrPath | None = None,
    hidden_before_norm: ArrayOrPath | None = None,
    texts: Sequence[str] | None = None,
    tokenizer: Any = None,
    top: int | None = None,
    seed: int = 0,
    max_length: int | None = None,
    tensor: str | None = None,
    bias_tensor: str | None = None,
    labels_file: Path | None = None,
    head: str = "auto",
    revision: str | None = None,
) -> SimilarReport:
    """Behavioural similarity of `labels` (or of `label` with its `k` nearest) on hidden states.

    Labels are strings (through the tokenizer / id2label) or row indices (ints).
    """
    options = {"tensor": tensor, "bias_tensor": bias_tensor, "labels_file": labels_file,
               "head": head, "revision": revision}
    model, tokenizer = _unwrap(model, tokenizer)
    if texts is not None and tokenizer is None:
        raise UsageError("texts= needs tokenizer=", hint="pass the model's tokenizer, e.g. AutoTokenizer")
    opened = _head(model, tokenizer, options)
    chosen = [label] if label is not None else list(labels or [])
    names = [x for x in chosen if not isinstance(x, (int, np.integer))]
    ids = [int(x) for x in chosen if isinstance(x, (int, np.integer))]
    resolved, _warnings = resolve_labels(opened, [str(x) for x in names], ids)
    states = _states(opened, model, hidden=hidden, before_norm=hidden_before_norm, texts=texts,
                     tokenizer=tokenizer, max_length=max_length)
    if label is not None:
        return run_similar(opened, states, label=resolved[0], k=k, top=top, seed=seed)
    return run_similar(opened, states, resolved, top=top, seed=seed)
