# Synthetic rewrite of the shape of yhangchen/TTA:domainbed/adapt_algorithms.py at b372b323e58d85f8f71ae3d4455ac103813d4bf1 (licence MIT); not the original text.
import torch
import torch.nn.functional as F


def logit_entropy(z):
    return -(z.softmax(1) * z.log_softmax(1)).sum(1)


class RunningMean:
    def __init__(self):
        self.total, self.count = 0.0, 0

    def add(self, value, n):
        self.total = self.total + value
        self.count += n

    def value(self):
        return self.total / max(self.count, 1)


class CovarianceTemplates(torch.nn.Module):
    """Template adjustment whose class templates are whitened by a feature second moment."""

    def __init__(self, trained, n_classes, keep, source_moment):
        super().__init__()
        self.encode, self.linear = trained.featurizer, trained.classifier
        self.n_classes, self.keep = n_classes, keep
        self.source_moment = source_moment
        first = self.linear.weight.data            # start the bank from the head rows
        first_logits = self.linear(first)
        self.init = (first, F.one_hot(first_logits.argmax(1), n_classes).float(),
                     logit_entropy(first_logits))
        self.reset()

    def reset(self):
        self.mem, self.tags, self.unc = (t.clone() for t in self.init)
        self.target_moment = RunningMean()

    def _trim(self):
        cls = self.tags.argmax(1)
        chosen = []
        for c in range(self.n_classes):
            idx = torch.nonzero(cls == c).flatten()
            chosen.append(idx[torch.argsort(self.unc[idx])][: self.keep])
        chosen = torch.cat(chosen)
        self.mem, self.tags, self.unc = self.mem[chosen], self.tags[chosen], self.unc[chosen]

    def forward(self, x, adapt=False):
        z = self.encode(x)
        if adapt:
            out = self.linear(z)
            self.mem = torch.cat([self.mem.to(z.device), z])
            self.tags = torch.cat([self.tags.to(z.device), F.one_hot(out.argmax(1), self.n_classes).float()])
            self.unc = torch.cat([self.unc.to(z.device), logit_entropy(out)])
            self.target_moment.add(z.T @ z, z.shape[0])
        self._trim()
        templates = F.normalize(self.mem, dim=1).T @ self.tags
        mixed = 0.5 * (self.source_moment + self.target_moment.value())
        return z @ F.normalize(mixed @ templates, dim=0)
