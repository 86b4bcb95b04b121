# cosaudit corpus, synthetic file: same shape as xzAscC/Steering_Geometry/src/steering_geometry/unembed_analysis.py at 0885b55d632a029a83ed37d995475af9ef6ea754 (licence NOASSERTION); new code, no text copied.
"""Read a steering vector in vocabulary space: which tokens point the same way?"""
import json
import logging
from pathlib import Path

import torch

log = logging.getLogger(__name__)


def nearest_tokens(direction, unembed, tokenizer, k=10, skip=None):
    """Tokens whose unembedding rows (vocab x hidden) have the highest cosine with `direction`."""
    if direction.dim() != 1 or direction.shape[0] != unembed.shape[1]:
        raise ValueError("direction must be a 1-D vector of the hidden size")
    d = direction / direction.norm()
    rows = unembed / unembed.norm(dim=1, keepdim=True).clamp_min(1e-8)
    cos = rows @ d
    for t in skip or ():
        cos[t] = float("-inf")
    best = cos.topk(min(k, len(cos)))
    return [(tokenizer.decode([int(i)]), float(v)) for v, i in zip(best.values, best.indices)]


def describe_layers(model, vectors, k=20):
    """vectors: layer -> steering vector; reads each one against the model's output embedding"""
    unembed = model.get_unembedding_matrix()
    out = {}
    for layer, vec in vectors.items():
        out[str(layer)] = nearest_tokens(vec, unembed, model.tokenizer, k, model.get_special_token_ids())
        log.info("layer %s: %s", layer, [t for t, _ in out[str(layer)]])
    return out


def save(result, path):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=2))
