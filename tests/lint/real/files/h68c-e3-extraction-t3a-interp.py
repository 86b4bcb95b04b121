# Synthetic rewrite of the shape of GradOpt/E3:T3A.py at eec10a41434d24cda9c2062876052a406651a227 (licence NOASSERTION); not the original text.
# Test-time alignment for an extracted (surrogate) model, in the spirit of T3A, blending the
# adjusted templates with the trained head instead of replacing it.
import torch
import torch.nn.functional as F


def entropy(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1)


class BlendedTemplates(torch.nn.Module):
    def __init__(self, featurizer, head, n_cls, per_class=20, alpha=0.5):
        super().__init__()
        self.featurizer = featurizer
        self.head = head
        self.n_cls = n_cls
        self.per_class = per_class
        self.alpha = alpha
        # templates start from a copy of the softmax head's rows
        self.init_bank = self.head.weight.data.clone().detach()
        out = self.head(self.init_bank)
        self.init_y = F.one_hot(out.argmax(1), n_cls).float()
        self.init_h = entropy(out)
        self.reset()

    def reset(self):
        self.bank, self.bank_y, self.bank_h = self.init_bank.clone(), self.init_y.clone(), self.init_h.clone()

    def _keep(self):
        pred = self.bank_y.argmax(1)
        idx = torch.arange(len(self.bank_h), device=self.bank_h.device)
        sel = []
        for c in range(self.n_cls):
            order = torch.argsort(self.bank_h[pred == c])
            sel.append(idx[pred == c][order][: self.per_class])
        sel = torch.cat(sel)
        self.bank, self.bank_y, self.bank_h = self.bank[sel], self.bank_y[sel], self.bank_h[sel]

    def forward(self, x, adapt=False, blend=False):
        z = self.featurizer(x).flatten(1)
        if adapt:
            out = self.head(z)
            self.bank = torch.cat([self.bank.to(z.device), z])
            self.bank_y = torch.cat([self.bank_y.to(z.device), F.one_hot(out.argmax(1), self.n_cls).float()])
            self.bank_h = torch.cat([self.bank_h.to(z.device), entropy(out)])
        self._keep()
        centroids = F.normalize(self.bank, dim=1).T @ self.bank_y
        if blend:
            W = self.alpha * F.normalize(centroids, dim=0) + (1 - self.alpha) * self.head.weight.T
        else:
            W = self.head.weight.T
        return z @ W + self.head.bias
