# Synthetic rewrite of the shape of invictus717/UniDG:domainbed/adapt_algorithms.py at 1fbc33400e3b2d36f51868cb0f01ecf61d46b676 (licence Apache-2.0); not the original text.
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


def prediction_entropy(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1)


class UnifiedAdapter(nn.Module):
    """Entropy-tuned network plus a bank of class templates seeded by the head."""

    def __init__(self, trained, n_classes, hp):
        super().__init__()
        self.net = copy.deepcopy(trained)
        self.frozen = copy.deepcopy(trained)
        for p in self.frozen.parameters():
            p.requires_grad_(False)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=hp["lr"] * hp["alpha"])
        self.lam, self.margin = hp["lamb"], 0.1
        self.per_class = hp["filter_K"]
        self.n_classes = n_classes

        head_rows = self.net.classifier.weight.data      # softmax head, one row per class
        row_logits = self.net.classifier(head_rows)
        self.seed = (head_rows,
                     F.one_hot(row_logits.argmax(1), n_classes).float(),
                     prediction_entropy(row_logits))
        self.bank, self.tags, self.unc = self.seed

    def forward(self, images, adapt=False):
        feats = self.net.featurizer(images)
        if adapt:
            with torch.no_grad():
                anchor = self.frozen.featurizer(images)
            logits = self.net.classifier(feats)
            drift = torch.clamp((feats - anchor).pow(2) - self.margin, min=0).mean()
            loss = self.lam * drift + prediction_entropy(logits).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            dev = feats.device
            self.bank = torch.cat([self.bank.to(dev), feats.detach()])
            self.tags = torch.cat([self.tags.to(dev), F.one_hot(logits.argmax(1), self.n_classes).float()])
            self.unc = torch.cat([self.unc.to(dev), prediction_entropy(logits).detach()])
        bank, tags = self._keep_confident()
        templates = F.normalize(bank, dim=1).t() @ tags
        # logits: each feature against every unit-length class template
        return feats @ F.normalize(templates, dim=0)

    def _keep_confident(self):
        guess = self.tags.argmax(1)
        idx = torch.arange(len(self.unc), device=self.unc.device)
        chosen = []
        for c in range(self.n_classes):
            order = torch.argsort(self.unc[guess == c])
            chosen.append(idx[guess == c][order][: self.per_class])
        chosen = torch.cat(chosen)
        self.bank, self.tags, self.unc = self.bank[chosen], self.tags[chosen], self.unc[chosen]
        return self.bank, self.tags

    def reset(self):
        self.bank, self.tags, self.unc = self.seed
