# Synthetic rewrite of the shape of mingukjang/TAST:domainbed/adapt_algorithms.py at 07d4fdf5c0eb78561d1ff1885631338c4b798a91 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def entropy_of(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1)


class SupportAdapter(nn.Module):
    """Test-time adaptation that seeds its support memory with the trained head rows."""

    def __init__(self, body, head, projectors, n_classes, keep_k=100, tau=10.0, lr=1e-3):
        super().__init__()
        self.body, self.head = body, head
        self.proj = projectors                 # ensemble of small projection MLPs
        self.n_classes, self.keep_k, self.tau = n_classes, keep_k, tau
        seed = self.head.weight.data           # each class row is treated as one support "example"
        seed_logits = self.head(seed)
        self.mem = seed
        self.mem_y = F.one_hot(seed_logits.argmax(1), n_classes).float()
        self.mem_h = entropy_of(seed_logits)
        self.opt = torch.optim.Adam(self.proj.parameters(), lr=lr)

    def _keep_confident(self):
        idx = []
        cls = self.mem_y.argmax(1)
        for c in range(self.n_classes):
            pos = (cls == c).nonzero().flatten()
            idx.append(pos[self.mem_h[pos].argsort()[: self.keep_k]])
        idx = torch.cat(idx)
        self.mem, self.mem_y, self.mem_h = self.mem[idx], self.mem_y[idx], self.mem_h[idx]
        return self.mem, self.mem_y

    def _scores(self, z, sup, y, m):
        zs, ss = m(z), m(sup)
        cent = (y / (y.sum(0, keepdim=True) + 1e-12)).T @ ss
        # cosine between projected test features and the support centroids
        return self.tau * F.normalize(zs, dim=1) @ F.normalize(cent, dim=1).T

    def forward(self, x):
        z = self.body(x)
        out = self.head(z)
        self.mem = torch.cat([self.mem.to(z.device), z.detach()])
        self.mem_y = torch.cat([self.mem_y.to(z.device), F.one_hot(out.argmax(1), self.n_classes).float()])
        self.mem_h = torch.cat([self.mem_h.to(z.device), entropy_of(out)])
        sup, y = self._keep_confident()
        logits = torch.stack([self._scores(z, sup, y, m) for m in self.proj])
        return logits.softmax(-1).mean(0)
