# Synthetic rewrite of the shape of j0shmillar/quantized_tta:methods/t3a.py at 733a80cbf8585dec7e0c829e2a1f0fa70006168f (licence NOASSERTION); not the original text.
"""Template adjustment at test time: class templates start from the linear head's rows."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def entropy(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1)


class TemplateAdjuster(nn.Module):
    def __init__(self, encoder, head, n_classes, keep_per_class=100):
        super().__init__()
        self.encoder, self.head, self.n_classes, self.keep = encoder, head, n_classes, keep_per_class
        seed_rows = self.head.weight.data.detach().clone()
        seed_logits = self.head(seed_rows)
        self.bank = seed_rows
        self.bank_y = F.one_hot(seed_logits.argmax(1), n_classes).float()
        self.bank_h = entropy(seed_logits).detach()

    def forward(self, x, adapt=True):
        z = self.encoder(x)
        if adapt:
            out = self.head(z)
            self.bank = torch.cat([self.bank.to(z.device), z.detach()])
            self.bank_y = torch.cat([self.bank_y.to(z.device), F.one_hot(out.argmax(1), self.n_classes).float()])
            self.bank_h = torch.cat([self.bank_h.to(z.device), entropy(out).detach()])
        self._prune()
        unit_bank = F.normalize(self.bank, dim=1)
        templates = unit_bank.T @ self.bank_y
        return z @ torch.nn.functional.normalize(templates, dim=0)

    def _prune(self):
        cls = self.bank_y.argmax(1)
        keep = []
        for c in range(self.n_classes):
            idx = torch.nonzero(cls == c).flatten()
            if idx.numel():
                keep.append(idx[torch.argsort(self.bank_h[idx])][: self.keep])
        if keep:
            keep = torch.cat(keep)
            self.bank, self.bank_y, self.bank_h = self.bank[keep], self.bank_y[keep], self.bank_h[keep]
