# Synthetic rewrite of the shape of akavi/nanoGPT:models/ar_diffusion.py at 9f89cad2171fd9169028deefa4c6baa65137b745 (licence MIT); not the original text.
import torch
from torch import nn


class PlainNorm(nn.Module):
    """Zero-mean, unit-variance over the feature axis, with no learned affine."""

    def forward(self, x):
        mu = x.mean(-1, keepdim=True)
        sd = x.var(-1, keepdim=True, unbiased=False).add(1e-5).sqrt()
        return (x - mu) / sd


class StepDiffusionLM(nn.Module):
    def __init__(self, vocab, width, positions):
        super().__init__()
        self.tok_in = nn.Embedding(vocab, width)          # input table
        self.pos_in = nn.Embedding(positions, width)      # learned positions
        self.in_norm = PlainNorm()
        self.body = nn.Sequential(nn.Linear(width, width), nn.GELU(), nn.Linear(width, width))
        self.readout = nn.Linear(width, vocab, bias=False)  # separate output matrix

    def forward(self, toks):
        pos = torch.arange(toks.shape[1], device=toks.device)
        h = self.in_norm(self.tok_in(toks)) + self.pos_in(pos)
        return self.readout(self.body(h))

    @torch.no_grad()
    def near_duplicate_inputs(self, cutoff=0.99):
        """Do different tokens become almost the same vector once in_norm is applied?"""
        table = self.in_norm(self.tok_in.weight)
        table = table / (table.norm(dim=-1, keepdim=True) + 1e-8)
        sims = table @ table.T
        upper = torch.triu(torch.ones_like(sims, dtype=torch.bool), diagonal=1)
        hits = (sims > cutoff) & upper
        pairs = hits.nonzero()
        for a, b in pairs[:10]:
            print(f"tokens {a.item()} / {b.item()}: {sims[a, b].item():.4f}")
        return int(hits.sum()), sims

    def count_params(self, drop_positions=True):
        # comment in the source claims the token table doubles as the final layer,
        # but here the readout is its own matrix
        n = sum(p.numel() for p in self.parameters())
        return n - self.pos_in.weight.numel() if drop_positions else n
