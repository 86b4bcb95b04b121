# Synthetic rewrite of the shape of deeplearning-wisc/cider:utils/losses.py at dce8ad36b035ec3043cb3936bb70508e86c3af19 (licence NOASSERTION); not the original text.
"""Compactness and dispersion terms on the unit hypersphere with per-class EMA prototypes."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Compactness(nn.Module):
    def __init__(self, n_cls, tau=0.07):
        super().__init__()
        self.n_cls, self.tau = n_cls, tau

    def forward(self, z, protos, y):
        protos = F.normalize(protos, dim=1)
        pos = F.one_hot(y, self.n_cls).float()
        sim = z @ protos.T / self.tau
        logp = sim - torch.logsumexp(sim, dim=1, keepdim=True)
        return -(pos * logp).sum(1).mean()


class Dispersion(nn.Module):
    """Pushes the class prototypes (running means of normalised features) apart."""

    def __init__(self, n_cls, dim, momentum, encoder, loader, tau=0.1):
        super().__init__()
        self.n_cls, self.m, self.tau = n_cls, momentum, tau
        self.register_buffer("prototypes", self._class_means(encoder, loader, n_cls, dim))

    @torch.no_grad()
    def _class_means(self, encoder, loader, n_cls, dim):
        sums, counts = torch.zeros(n_cls, dim).cuda(), torch.zeros(n_cls).cuda()
        encoder.eval()
        for x, y in loader:
            z = encoder(x.cuda())
            sums.index_add_(0, y.cuda(), z)
            counts.index_add_(0, y.cuda(), torch.ones_like(y, dtype=torch.float).cuda())
        return F.normalize(sums / counts[:, None], dim=1)

    def forward(self, z, y):
        prototypes = self.prototypes
        for zi, yi in zip(z, y.tolist()):
            prototypes[yi] = F.normalize(self.m * prototypes[yi] + (1 - self.m) * zi, dim=0)
        self.prototypes = prototypes.detach()
        logits = torch.div(
            torch.matmul(prototypes, prototypes.T),
            self.tau)
        off = 1.0 - torch.eye(self.n_cls, device=z.device)
        per_class = torch.log((off * logits.exp()).sum(1) / off.sum(1))
        return per_class[~torch.isnan(per_class)].mean()
