# cosaudit corpus, synthetic file: same shape as yash-shirsath/gradient-routing/steering/model.py at 6a141f1fc7cc734b35fdd2922e31147eda8fbd79 (licence NOASSERTION); new code, no text copied.
"""Small GPT with tied input/output embeddings and learned positions; keeps a record of
which tokens its routed residual coordinate is aligned with."""
import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

from routing import RouteSpec, tokens_nearest_coordinate


@dataclass
class Config:
    context: int = 512
    vocab: int = 50304
    layers: int = 6
    heads: int = 6
    width: int = 384


class Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(cfg.width), nn.LayerNorm(cfg.width)
        self.attn = nn.MultiheadAttention(cfg.width, cfg.heads, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(cfg.width, 4 * cfg.width), nn.GELU(), nn.Linear(4 * cfg.width, cfg.width))

    def forward(self, x):
        t = x.shape[1]
        causal = torch.triu(torch.ones(t, t, dtype=torch.bool, device=x.device), 1)
        h = self.ln1(x)
        x = x + self.attn(h, h, h, attn_mask=causal, need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class TinyGPT(nn.Module):
    def __init__(self, cfg, route=RouteSpec()):
        super().__init__()
        self.cfg, self.route = cfg, route
        self.tok = nn.Embedding(cfg.vocab, cfg.width)
        self.pos = nn.Embedding(cfg.context, cfg.width)
        self.blocks = nn.ModuleList(Block(cfg) for _ in range(cfg.layers))
        self.ln_f = nn.LayerNorm(cfg.width)
        self.lm_head = nn.Linear(cfg.width, cfg.vocab, bias=False)
        self.tok.weight = self.lm_head.weight          # tied embeddings

    def forward(self, idx, targets=None):
        pos = torch.arange(idx.shape[1], device=idx.device)
        x = self.tok(idx) + self.pos(pos)
        for blk in self.blocks:
            x = blk(x)
        logits = self.lm_head(self.ln_f(x))
        if targets is None:
            return logits, None
        return logits, F.cross_entropy(logits.flatten(0, 1), targets.flatten())

    @torch.no_grad()
    def routed_token_ids(self, k=10):
        coord = next(iter(self.route.words.values()))
        return tokens_nearest_coordinate(
            k,
            coord,
            self.lm_head.weight.detach(),
        )
