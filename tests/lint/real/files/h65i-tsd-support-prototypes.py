# Synthetic rewrite of the shape of SakurajimaMaiii/TSD:code/adapt_algorithm.py at a79a34e50922ea7a91ed8427c9d69e11e040fcde (licence MIT); not the original text.
"""Test-time adaptation with a memory bank seeded by the classifier's rows.

The memory starts with the rows of the trained linear head as pseudo-samples; incoming test
features are appended, low-entropy ones kept per class, and the unit-normalised memory is pooled
into prototypes that give a soft-label alignment loss for each batch.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


def entropy_of(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1)


class BankAdapter(nn.Module):
    def __init__(self, net, opt, keep_per_class=100, tau=1.0):
        super().__init__()
        self.body, self.head, self.opt = net.featurizer, net.classifier, opt
        seed = self.head.fc.weight.data.detach()
        self.n_cls = seed.size(0)
        seed_logits = self.head(seed)
        self.bank = seed
        self.bank_y = F.one_hot(seed_logits.argmax(1), self.n_cls).float()
        self.bank_h = entropy_of(seed_logits)
        self.keep, self.tau = keep_per_class, tau

    def _prune(self):
        hard = self.bank_y.argmax(1)
        keep = []
        for c in range(self.n_cls):
            idx = (hard == c).nonzero().flatten()
            order = self.bank_h[idx].argsort()
            keep.append(idx[order][: self.keep])
        keep = torch.cat(keep)
        self.bank, self.bank_y, self.bank_h = self.bank[keep], self.bank_y[keep], self.bank_h[keep]

    def forward(self, x):
        z = self.body(x)
        logits = self.head(z)
        with torch.no_grad():
            self.bank = torch.cat([self.bank.to(z.device), z])
            self.bank_y = torch.cat([self.bank_y.to(z.device), F.one_hot(logits.argmax(1), self.n_cls).float()])
            self.bank_h = torch.cat([self.bank_h.to(z.device), entropy_of(logits)])
            self._prune()
            unit_bank = F.normalize(self.bank, dim=1)
            protos = (unit_bank.t() @ self.bank_y).t()
        sims = F.normalize(z, dim=1) @ F.normalize(protos, dim=1).t() / self.tau
        target = logits.softmax(1).detach()
        loss = F.kl_div(sims.log_softmax(1), target, reduction="batchmean")
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return logits
