# Synthetic rewrite of the shape of ml-explore/mlx-lm:mlx_lm/models/bailing_moe.py at d78bf58e217c904ec282ed8da9b947491f78c022 (licence MIT); not the original text.
"""Top-level MLX wrapper of a mixture-of-experts LM whose checkpoint may ask for a
normalised output head; the rescaling happens once, when weights are loaded."""
from dataclasses import dataclass as config_record

import mlx.core as mx
import mlx.nn as nn


@config_record
class Settings:
    hidden_size: int = 2048
    vocab_size: int = 126464
    tie_word_embeddings: bool = False  # reuse the input table as head
    norm_head: bool = False


class CausalLM(nn.Module):
    def __init__(self, cfg: Settings, trunk: nn.Module):
        super().__init__()
        self.cfg = cfg
        self.trunk = trunk
        if not cfg.tie_word_embeddings:
            self.lm_head = nn.Linear(cfg.hidden_size, cfg.vocab_size, bias=False)

    def __call__(self, ids: mx.array, cache=None) -> mx.array:
        h = self.trunk(ids, cache)
        if self.cfg.tie_word_embeddings:
            return self.trunk.word_embeddings.as_linear(h)
        return self.lm_head(h)

    def sanitize(self, weights: dict) -> dict:
        if self.cfg.tie_word_embeddings:
            weights = {k: v for k, v in weights.items() if k != "lm_head.weight"}
        if self.cfg.norm_head:
            head = weights["lm_head.weight"]
            kind = head.dtype
            scale = mx.linalg.norm(head.astype(mx.float32), axis=0, keepdims=True) + 1e-7
            weights["lm_head.weight"] = (head / scale).astype(kind)
        return weights
