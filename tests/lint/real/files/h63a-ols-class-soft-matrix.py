# Synthetic rewrite of the shape of zhangchbin/OnlineLabelSmoothing:cifar/scripts/train_cifar_all_methods.py at 7eaf70c8da7c68ba2170cbd88e0d918e86fa3f14 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class OnlineSoftTargets:
    """Per-class soft targets re-estimated every epoch from the model's own correct predictions."""

    def __init__(self, n_classes, device="cuda"):
        self.k = n_classes
        self.table = torch.full((n_classes, n_classes), 1.0 / n_classes, device=device)   # used this epoch
        self.acc = torch.zeros(n_classes, n_classes, device=device)                     # collected this epoch
        self.count = torch.zeros(n_classes, 1, device=device)
        self.ce = nn.CrossEntropyLoss()

    @torch.no_grad()
    def collect(self, logits, y):
        probs = logits.softmax(dim=1)
        hit = probs.argmax(dim=1) == y
        for p, label in zip(probs[hit], y[hit]):
            self.acc[label] += p
            self.count[label] += 1

    def loss(self, logits, y):
        soft = self.table[y]
        soft_ce = -(soft * F.log_softmax(logits, dim=1)).sum(dim=1).mean()
        return 0.5 * self.ce(logits, y) + 0.5 * soft_ce

    def end_epoch(self):
        for c in range(self.k):
            if self.count[c].item() < 0.5:
                self.table[c] = 1.0 / self.k
            else:
                self.table[c] = self.acc[c] / self.count[c]
        self.acc.zero_()
        self.count.zero_()


def train_one_epoch(model, loader, targets: OnlineSoftTargets, opt):
    model.train()
    for x, y in loader:
        x, y = x.cuda(), y.cuda()
        out = model(x)
        targets.collect(out, y)
        loss = targets.loss(out, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    targets.end_epoch()
