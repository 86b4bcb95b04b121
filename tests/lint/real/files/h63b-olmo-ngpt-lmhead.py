# Synthetic rewrite of the shape of allenai/OLMo-core:src/olmo_core/nn/lm_head.py at fa6c5014c9f6e9ee789da2d9c20d5126fee8df0d (licence Apache-2.0); not the original text.
"""Output layer of a hypersphere transformer: every vocabulary row is kept at unit
length, so a logit is a scaled cosine between the hidden state and a row."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def unit_rows(t: torch.Tensor, dim: int = -1) -> torch.Tensor:
    return t / t.norm(p=2, dim=dim, keepdim=True).clamp_min(1e-6)


class SphereVocabHead(nn.Module):
    def __init__(self, width: int, n_vocab: int):
        super().__init__()
        self.n_vocab = n_vocab
        self.proj = nn.Linear(width, n_vocab, bias=False)
        # learned per-token temperature, stored with a small scale for stable updates
        self.base_scale = 1.0
        self.store_scale = 1.0 / math.sqrt(width)
        self.token_scale = nn.Parameter(torch.ones(n_vocab) * self.store_scale)

    def forward(self, h: torch.Tensor, targets: torch.Tensor = None):
        s = self.token_scale * (self.base_scale / self.store_scale)
        logits = s * self.proj(h)
        if targets is None:
            return logits
        return F.cross_entropy(logits.view(-1, self.n_vocab), targets.view(-1))

    @torch.no_grad()
    def renormalise(self):
        """Called after each optimiser step to put the rows back on the sphere."""
        w = self.proj.weight
        w.copy_(unit_rows(w, dim=-1))
