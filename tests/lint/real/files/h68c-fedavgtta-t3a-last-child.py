# Synthetic rewrite of the shape of yuyongcan/FedAvgTTA:methods/T3A.py at 602493fe3b9cc593d81c3411f686a3e0fa01c596 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F

from methods.tent import softmax_entropy


class LastLayerTemplates(nn.Module):
    """Template adjustment where the classifier is simply the model's last child module."""

    def __init__(self, n_cls, hp, model):
        super().__init__()
        children = list(model.children())
        self.body = nn.Sequential(*children[:-1])
        self.head = children[-1]
        self.hp = hp
        # the support bank starts with the head's weight rows
        start = self.head.weight.data
        start_logits = self.head(start)
        self.start_bank = start
        self.start_y = F.one_hot(start_logits.argmax(1), num_classes=n_cls).float()
        self.start_h = softmax_entropy(start_logits)
        self.bank, self.bank_y, self.bank_h = self.start_bank, self.start_y, self.start_h
        self.k = hp["filter_K"]
        self.n_cls = n_cls

    def forward(self, x, adapt=False):
        z = x if self.hp["cached_loader"] else self.body(x)
        if adapt:
            out = self.head(z)
            self.bank = torch.cat([self.bank.to(z.device), z])
            self.bank_y = torch.cat([self.bank_y.to(z.device), F.one_hot(out.argmax(1), self.n_cls).float()])
            self.bank_h = torch.cat([self.bank_h.to(z.device), softmax_entropy(out)])
        bank, bank_y = self._select()
        centroids = F.normalize(bank, dim=1).T @ bank_y
        return z @ F.normalize(centroids, dim=0)

    def _select(self):
        pred = self.bank_y.argmax(1)
        idx = torch.arange(len(self.bank_h))
        keep = []
        for c in range(self.n_cls):
            order = torch.argsort(self.bank_h[pred == c])
            keep.append(idx[pred == c][order][: self.k])
        keep = torch.cat(keep)
        self.bank, self.bank_y, self.bank_h = self.bank[keep], self.bank_y[keep], self.bank_h[keep]
        return self.bank, self.bank_y
