# Synthetic rewrite of the shape of odomobo/picochat:nanochat/gpt.py at 2683ff96b1b9f6ea25aea4db8a5d04529e79318a (licence MIT); not the original text.
"""Small rotary GPT with an optional tied head and a 'conviction' side head that learns how
closely the final hidden state already points at the token that should come next."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def rms(x):
    return F.rms_norm(x, (x.size(-1),))


class TinyGPT(nn.Module):
    def __init__(self, cfg, blocks):
        super().__init__()
        self.cfg = cfg
        self.wte = nn.Embedding(cfg.vocab_size, cfg.n_embd)
        self.blocks = nn.ModuleList(blocks)
        self.lm_head = None if cfg.tie_weights else nn.Linear(cfg.n_embd, cfg.vocab_size, bias=False)
        self.conviction = nn.Linear(cfg.n_embd, 1, bias=False) if cfg.use_conviction_head else None

    def forward(self, idx, targets=None):
        x = rms(self.wte(idx))
        for blk in self.blocks:
            x = blk(x)
        x = rms(x)
        conv = self.conviction(x) if self.conviction is not None else None
        head_w = self.wte.weight if self.cfg.tie_weights else self.lm_head.weight
        logits = 15 * torch.tanh(F.linear(x, head_w) / 15)
        if targets is None:
            return logits
        loss = F.cross_entropy(logits.float().flatten(0, 1), targets.flatten(), ignore_index=-1)
        if conv is not None:
            loss = loss + self.conviction_loss(conv, x, targets)
        return loss

    def conviction_loss(self, conv, last_hidden, targets):
        # the row of the output head belonging to the token that should be predicted
        if self.cfg.tie_weights:
            expected = self.wte(targets)
        else:
            expected = self.lm_head.weight[targets]
        if self.cfg.conviction_function == "l2_distance":
            goal = (expected - last_hidden).norm(dim=-1)
        else:
            goal = F.cosine_similarity(expected, last_hidden, dim=-1)
        if not self.cfg.conviction_trains_lm_head:
            goal = goal.detach()
        return F.mse_loss(conv.squeeze(-1), goal)
