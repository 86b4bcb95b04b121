# Synthetic rewrite of the shape of atuannguyen/TIPI:methods/t3a.py at 91c9f0bcf2a1f014cb2afc8202988f1731909d7b (licence NOASSERTION); not the original text.
"""Baseline runner: detach whichever linear head the backbone has and evaluate template adjustment."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from runner_base import Runner, Meter


def ent(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1)


class TemplateRunner(Runner):
    def evaluate(self, loader):
        attr = "fc" if hasattr(self.model, "fc") else "linear"
        head = getattr(self.model, attr)
        setattr(self.model, attr, nn.Identity())
        adjuster = Templates(self.model, head, self.num_classes, per_class=True)
        meter = Meter()
        for x, y in loader:
            x, y = x.to(self.device), y.to(self.device)
            meter.update((adjuster(x).argmax(1) == y).float().mean().item(), len(x))
        print(f"target accuracy {meter.avg:.4f}")


class Templates(nn.Module):
    def __init__(self, trunk, head, n_cls, per_class):
        super().__init__()
        self.trunk, self.head, self.n_cls, self.per_class = trunk, head, n_cls, per_class
        seed = self.head.weight.data
        seed_out = self.head(seed)
        self.mem = seed
        self.mem_y = F.one_hot(seed_out.argmax(1), n_cls).float()
        self.mem_h = ent(seed_out)

    @torch.no_grad()
    def forward(self, x, adapt=True):
        z = self.trunk(x)
        if adapt:
            out = self.head(z)
            self.mem = torch.cat([self.mem.to(z.device), z])
            self.mem_y = torch.cat([self.mem_y.to(z.device), F.one_hot(out.argmax(1), self.n_cls).float()])
            self.mem_h = torch.cat([self.mem_h.to(z.device), ent(out)])
        keep = []
        cls = self.mem_y.argmax(1)
        for c in range(self.n_cls):
            idx = torch.nonzero(cls == c).flatten()
            keep.append(idx[torch.argsort(self.mem_h[idx])][: self.per_class])
        keep = torch.cat(keep)
        self.mem, self.mem_y, self.mem_h = self.mem[keep], self.mem_y[keep], self.mem_h[keep]
        weights = F.normalize(self.mem, dim=1).T @ self.mem_y
        return z @ torch.nn.functional.normalize(weights, dim=0)
