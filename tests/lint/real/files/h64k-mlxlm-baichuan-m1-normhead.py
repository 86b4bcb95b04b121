# Synthetic rewrite of the shape of ml-explore/mlx-lm:mlx_lm/models/baichuan_m1.py at d78bf58e217c904ec282ed8da9b947491f78c022 (licence MIT); not the original text.
"""Wrapper of a hybrid-cache LM whose released head is meant to be used with
unit-length rows: the rows are rescaled once when the checkpoint is loaded."""
import mlx.core as mx
import mlx.nn as nn


class HeadedLM(nn.Module):
    def __init__(self, cfg, trunk: nn.Module):
        super().__init__()
        self.cfg = cfg
        self.trunk = trunk
        if not cfg.tie_word_embeddings:
            self.lm_head = nn.Linear(cfg.hidden_size, cfg.vocab_size, bias=False)

    def sanitize(self, weights: dict) -> dict:  # runs once at load time
        packed = "lm_head.scales" in weights
        if "lm_head.weight" in weights and not packed:
            rows = weights["lm_head.weight"]
            kind = rows.dtype
            rows = rows.astype(mx.float32)
            lengths = mx.linalg.norm(rows, axis=-1, keepdims=True)
            weights["lm_head.weight"] = (rows / (lengths + 1e-7)).astype(kind)
        return weights

    def __call__(self, ids: mx.array, cache=None) -> mx.array:
        return self.lm_head(self.trunk(ids, cache))
