# Synthetic rewrite of the shape of magikarp01/mechanistic-unlearning:src/probe_archs.py at a36be56965a2168db31c78f03f14844261ea906d (licence NOASSERTION); not the original text.
"""Probe architectures on residual activations: a fixed unit-direction probe and
an ensemble of independent sigmoid probes kept close to orthogonal by a penalty."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class FixedDirectionProbe(nn.Module):
    def __init__(self, direction: torch.Tensor):
        super().__init__()
        if direction.dim() == 1:
            direction = direction[:, None]
        self.direction = nn.Parameter(direction / direction.norm(dim=0, keepdim=True),
                                      requires_grad=False)
        self.scale = nn.Parameter(torch.tensor(1.0))
        self.offset = nn.Parameter(torch.tensor(0.0))

    def forward(self, acts):
        return (acts @ (self.direction * self.scale)).squeeze(-1) + self.offset


class NearOrthogonalEnsemble(nn.Module):
    def __init__(self, d_model: int, k: int, penalty: float = 0.1):
        super().__init__()
        self.proj = nn.Linear(d_model, k)
        self.k = k
        self.penalty = penalty

    def forward(self, acts):
        return self.proj(acts)

    def loss(self, acts, targets):
        scores = self.forward(acts)                          # (..., k) independent yes/no scores
        wide = targets[..., None].expand_as(scores).to(scores.dtype)
        fit = F.binary_cross_entropy_with_logits(scores, wide)
        gram = self.proj.weight @ self.proj.weight.t()       # raw Gram of the probe rows
        spread = torch.norm(gram - torch.eye(self.k, device=gram.device, dtype=gram.dtype))
        return fit + self.penalty * spread

    def predict(self, acts):
        p = torch.sigmoid(self.forward(acts))
        ent = -(p * torch.log(p + 1e-10) + (1 - p) * torch.log(1 - p + 1e-10))
        w = torch.softmax(-ent, dim=-1)
        return (w * p).sum(-1)
