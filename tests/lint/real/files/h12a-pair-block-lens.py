# cosaudit corpus, synthetic file: same shape as PAIR-code/interpretability/racing_thoughts/code/wrappers.py at db2da0f9e91d553ff46eb555330da9341c6d139a (licence Apache-2.0); new code, no text copied.
"""Wrap a decoder block so that every forward pass also records what the final norm + LM head
would read off the block output, the attention output, the mid-block residual and the MLP output."""
import torch


class RecordAttn(torch.nn.Module):
    def __init__(self, attn):
        super().__init__()
        self.attn = attn
        self.last = None

    def forward(self, *args, **kwargs):
        out = self.attn(*args, **kwargs)
        self.last = out[0]
        return out


class LensBlock(torch.nn.Module):
    def __init__(self, block, head, final_norm):
        super().__init__()
        self.block = block
        self.head = head
        self.final_norm = final_norm
        self.block.self_attn = RecordAttn(self.block.self_attn)
        self.record = True
        self.decoded = {}

    def forward(self, *args, **kwargs):
        out = self.block(*args, **kwargs)
        if not self.record:
            return out
        self.decoded["block"] = self.head(self.final_norm(out[0]))
        attn_out = self.block.self_attn.last
        self.decoded["attn"] = self.head(self.final_norm(attn_out))
        mid = attn_out + args[0]
        self.decoded["mid"] = self.head(self.final_norm(mid))
        mlp_out = self.block.mlp(self.block.post_attention_layernorm(mid))
        self.decoded["mlp"] = self.head(self.final_norm(mlp_out))
        return out

    def clear(self):
        self.decoded = {}
        self.block.self_attn.last = None
