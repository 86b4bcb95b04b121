# Synthetic rewrite of the shape of tdooms/bilinear-decomposition:src/image/sparse.py at e96af28343d1c7988f71e71951a29a0e33f3c404 (licence NOASSERTION); not the original text.
"""Low-rank (CP) surrogate of a bilinear image classifier.

The surrogate's logits are ((x L) * (x R)) D^T. Its symmetric third-order interaction
tensor is compared with the tensor of the original bilinear model (built from that
model's output matrix w_u and its projected left/right maps) by one global cosine.
"""
import torch
from torch import nn
from einops import einsum


class CPSurrogate(nn.Module):
    def __init__(self, n_in=784, n_out=10, rank=64, seed=0):
        super().__init__()
        torch.manual_seed(seed)
        self.L = nn.Parameter(torch.randn(n_in, rank) / n_in ** 0.5)
        self.R = nn.Parameter(torch.randn(n_in, rank) / n_in ** 0.5)
        self.D = nn.Parameter(torch.randn(n_out, rank) / n_out ** 0.5)

    def forward(self, x):
        x = x.flatten(1)
        return ((x @ self.L) * (x @ self.R)) @ self.D.T

    def interaction(self):
        t = einsum(self.D, self.L, self.R, "c r, i r, j r -> c i j")
        return 0.5 * (t + t.mT)

    def agreement(self, ref):
        left, right = ref.w_lr[0].unbind()
        left, right = left @ ref.w_e, right @ ref.w_e
        goal = einsum(ref.w_u, left, right, "c o, o i, o j -> c i j")
        goal = 0.5 * (goal + goal.mT)
        mine = self.interaction()
        return einsum(goal, mine, "c i j, c i j ->") / (goal.norm() * mine.norm())

    def components(self):
        strength = self.L.norm(dim=0) * self.R.norm(dim=0) * self.D.norm(dim=0)
        order = strength.argsort(descending=True)
        unit = lambda m: m / m.norm(dim=0, keepdim=True).clamp(min=1e-8)
        return (unit((self.L + self.R)[:, order]), unit((self.L - self.R)[:, order]),
                unit(self.D[:, order]), strength[order])
