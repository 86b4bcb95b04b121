# Synthetic rewrite of the shape of TianSongS/PL-FSCIL:prompt.py at 0ca997a9fffa87773197c828eddb078eea4c699f (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn


class PromptBank(nn.Module):
    """Learnable prompt tokens prepended to a frozen ViT, split per attention head."""

    def __init__(self, n_prompts, length, n_heads, head_dim):
        super().__init__()
        self.tokens = nn.Parameter(torch.empty(n_prompts, 1, length, n_heads, head_dim))
        nn.init.uniform_(self.tokens, -1.0, 1.0)


def prompt_decorrelation(general, expert):
    """Push general and expert prompts apart within every attention head.

    Shapes: (n_prompts, 1, length, n_heads, head_dim). The 'heads' are attention
    heads of the backbone, not rows of any classifier.
    """
    n_heads = general.shape[3]
    total = 0.0
    for h in range(n_heads):
        g = general[:, :, :, h, :].reshape(-1, general.shape[-1])
        e = expert[:, :, :, h, :].reshape(-1, expert.shape[-1])
        cross = g @ e.t()
        total = total + cross.norm(p="fro") / (g.shape[0] * e.shape[0])
    return total / n_heads
