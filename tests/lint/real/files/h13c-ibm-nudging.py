# cosaudit corpus, synthetic file: same shape as IBM/constrained-FSCIL/code/lib/nudging.py at cff95a79b9a891d9ad3db58dbdf4cc9f28702c25 (licence Apache-2.0); new code, no text copied.
"""Prototype nudging: push the stored class prototypes apart while keeping each one
close to where it started."""
import torch
import torch.nn.functional as F


class Spread(torch.nn.Module):
    def __init__(self, prototypes: torch.Tensor, sharpness: float = 4.0):
        super().__init__()
        self.vecs = torch.nn.Parameter(prototypes.clone())
        n = prototypes.shape[0]
        self.register_buffer("upper", torch.triu(torch.ones(n, n), diagonal=1))
        self.sharpness = sharpness

    def forward(self, start: torch.Tensor):
        squashed = torch.tanh(self.vecs)
        unit = F.normalize(squashed, dim=1)
        pair_cos = (unit @ unit.t()) * self.upper
        crowding = (torch.exp(self.sharpness * pair_cos) - 1).sum() / self.upper.sum()
        drift = (1 - F.cosine_similarity(squashed, torch.tanh(start), dim=1)).mean()
        return crowding + drift, crowding, drift


def spread_prototypes(prototypes, steps=10, lr=0.1, log=None):
    model = Spread(prototypes.detach().cpu())
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9, nesterov=True)
    for step in range(steps):
        opt.zero_grad()
        total, crowding, drift = model(prototypes.detach().cpu())
        total.backward()
        opt.step()
        if log is not None:
            log(step, total.item(), crowding.item(), drift.item())
    return model.vecs.data
