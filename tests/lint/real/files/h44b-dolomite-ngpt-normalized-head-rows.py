# Synthetic rewrite of the shape of nimadehmamy/dolomite-engine:lm_engine/hf_models/models/ngpt/main.py at f614f23740f43d263d60143d6fdf0d96a8d002e2 (licence NOASSERTION); not the original text.
"""Hypersphere-constrained causal LM head (nGPT style): every embedding/head row is
kept at unit length, and per-token scales turn the resulting cosines into logits."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SphereLMHead(nn.Module):
    def __init__(self, backbone, vocab_size, tie=True, s_init=1.0, s_scale=0.05):
        super().__init__()
        self.backbone = backbone
        self.tie = tie
        if not tie:
            self.lm_head = nn.Linear(backbone.d_model, vocab_size, bias=False)
        self.token_scale = nn.Parameter(s_scale * torch.ones(vocab_size))
        self._ratio = s_init / s_scale
        self.renormalise()

    def logits(self, h):
        table = self.backbone.wte.weight if self.tie else self.lm_head.weight
        return F.linear(h, table) * (self.token_scale * self._ratio)

    @torch.no_grad()
    def renormalise(self):
        """Run after construction and after every optimiser step."""
        unit_rows(self.backbone.wte.weight, dim=1)
        if not self.tie:
            unit_rows(self.lm_head.weight, dim=1)      # each head row back on the sphere
        for blk in self.backbone.blocks:
            unit_rows(blk.attn.qkv.weight, dim=1)
            unit_rows(blk.attn.out.weight, dim=0)
            unit_rows(blk.mlp.up.weight, dim=1)
            unit_rows(blk.mlp.down.weight, dim=0)


def unit_rows(weight, dim):
    """In-place L2 normalisation along `dim`, computed in float32."""
    dtype = weight.data.dtype
    w = weight.data.float()
    weight.data.copy_((w / w.norm(p=2, dim=dim, keepdim=True)).to(dtype=dtype))
