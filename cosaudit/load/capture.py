"""Hidden states from a live `transformers` model: what its output head multiplies, captured by a
forward hook on `get_output_embeddings()` (so every architecture's final norm, scaling or
slicing is whatever the model really does). The model is left as it was: no parameter is
touched, the hook is removed and the train/eval mode restored, even on error.

torch is imported only here, only when a live model is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from cosaudit.errors import UsageError


def _output_layer(model: Any) -> Any:
    get = getattr(model, "get_output_embeddings", None)
    layer = get() if callable(get) else None
    if layer is None or getattr(layer, "weight", None) is None:
        raise UsageError(
            f"{type(model).__name__} has no output head (get_output_embeddings() is None)",
            hint="pass a model with a language-modelling or classification head, or hidden=… states",
        )
    return layer


def capture_head_inputs(model: Any, tokenizer: Any, texts: Sequence[str], *,
                        max_length: int | None = None) -> np.ndarray:
    """The vectors the output head multiplies at every token position of every text (float64)."""
    import torch

    if tokenizer is None:
        raise UsageError("texts= needs tokenizer=", hint="pass the model's tokenizer, e.g. AutoTokenizer")
    layer = _output_layer(model)
    rows: list[np.ndarray] = []

    def hook(_module: Any, args: tuple[Any, ...], _output: Any) -> None:
        x = args[0].detach()
        rows.append(x.reshape(-1, x.shape[-1]).to(torch.float64).cpu().numpy())

    device = next(model.parameters()).device
    was_training = bool(model.training)
    handle = layer.register_forward_hook(hook)
    try:
        model.eval()
        with torch.no_grad():
            for text in texts:
                enc = tokenizer(text, return_tensors="pt", truncation=max_length is not None,
                                max_length=max_length)
                if enc["input_ids"].shape[-1] == 0:
                    continue
                model(**{k: enc[k].to(device) for k in ("input_ids", "attention_mask") if k in enc})
    finally:
        handle.remove()
        model.train(was_training)
    if not rows:
        raise UsageError("texts= gave no tokens", hint="pass non-empty texts")
    return np.concatenate(rows, axis=0)
