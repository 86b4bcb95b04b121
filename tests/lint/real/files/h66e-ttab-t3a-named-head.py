# Synthetic rewrite of the shape of LINs-lab/ttab:ttab/model_adaptation/t3a.py at ffee2e2f37b3e78ad5faf6288ffc8ceca33683fa (licence Apache-2.0); not the original text.
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


def softmax_entropy(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1)


class PrototypeAdjuster:
    """Benchmark-style T3A: no parameters change, only the class templates."""

    HEAD_NAMES = ("fc", "classifier", "head")

    def __init__(self, conf, base_model):
        self.conf = conf
        self.net = copy.deepcopy(base_model).requires_grad_(False).eval().to(conf.device)
        self.heads = [m for name, m in self.net.named_children() if name in self.HEAD_NAMES]
        assert self.heads and all(isinstance(h, nn.Linear) for h in self.heads)
        last = self.heads[-1]
        self.n_classes = last.weight.size(0)
        self.seed_rows = last.weight.data.to(conf.device)     # softmax head rows start the bank
        out = self.seed_rows
        for h in self.heads:
            out = h(out)
        self.seed = (self.seed_rows, F.one_hot(out.argmax(1), self.n_classes).float(), softmax_entropy(out))
        self.bank, self.onehot, self.ent = self.seed
        self.top_m = conf.top_M

    @torch.no_grad()
    def step(self, x):
        feats = self.net.forward_head(self.net.forward_features(x), pre_logits=True).flatten(1)
        logits = self.net(x)
        self.bank = torch.cat([self.bank, feats])
        self.onehot = torch.cat([self.onehot, F.one_hot(logits.argmax(1), self.n_classes).float()])
        self.ent = torch.cat([self.ent, softmax_entropy(logits)])
        bank, onehot = self.filter()
        templates = F.normalize(bank, dim=1).T @ onehot
        scores = feats @ F.normalize(templates, dim=0)       # against unit class templates
        return scores, softmax_entropy(scores).mean().item()

    def filter(self):
        guess = self.onehot.argmax(1)
        order = torch.arange(len(self.ent))
        keep = torch.cat([order[guess.cpu() == c][torch.argsort(self.ent[guess == c]).cpu()][: self.top_m]
                          for c in range(self.n_classes)])
        self.bank, self.onehot, self.ent = self.bank[keep], self.onehot[keep], self.ent[keep]
        return self.bank, self.onehot

    def reset(self):
        self.bank, self.onehot, self.ent = self.seed
