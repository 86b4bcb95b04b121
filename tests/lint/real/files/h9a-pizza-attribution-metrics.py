# cosaudit corpus, synthetic file: same shape as leap-laboratories/PIZZA/attribution/attribution_metrics.py at 286353623447c397b0a5e9ba7a3ef3ad8c068166 (licence CC-BY-NC-SA-4.0); new code, no text copied.
from typing import cast

import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_similarity
from transformers import PreTrainedTokenizer


def probability_shift(original_logprobs: list, perturbed_logprobs: list) -> dict[str, float]:
    """Drop in probability of each original output token after the input is perturbed."""
    shift = {}
    for i, (orig, pert) in enumerate(zip(original_logprobs, perturbed_logprobs)):
        tok = orig["token"]
        p0 = float(np.exp(orig["logprob"]))
        p1 = next((float(np.exp(alt["logprob"])) for alt in pert["top"] if alt["token"] == tok), 0.0)
        shift[f"{tok} ({i})"] = p0 - p1
    return shift


def vector_distance_attribution(
    original_text: str,
    perturbed_text: str,
    table: np.ndarray,
    tokenizer: PreTrainedTokenizer,
) -> dict[str, float]:
    """How far each original output token moved, measured on the token vectors of `table`."""
    orig_ids = cast(torch.Tensor, tokenizer.encode(original_text, return_tensors="pt", add_special_tokens=False))
    pert_ids = cast(torch.Tensor, tokenizer.encode(perturbed_text, return_tensors="pt", add_special_tokens=False))
    labels = [tokenizer.decode(t) for t in orig_ids.squeeze(0)]

    orig_vecs = table[orig_ids].reshape(-1, table.shape[-1])
    pert_vecs = table[pert_ids].reshape(-1, table.shape[-1])

    dist = 1.0 - cosine_similarity(orig_vecs, pert_vecs)
    nearest = dist.min(axis=-1)
    return {f"{tok} {i}": float(d) for i, (tok, d) in enumerate(zip(labels, nearest))}


def aggregate(per_step: list[dict[str, float]]) -> dict[str, float]:
    total: dict[str, float] = {}
    for step in per_step:
        for key, value in step.items():
            total[key] = total.get(key, 0.0) + value
    return {k: v / max(1, len(per_step)) for k, v in total.items()}
