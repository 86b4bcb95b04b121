# Synthetic rewrite of the shape of AdamKoziak1/RobustTestTimeAdaptation:adapt_algorithm.py at e21ca41eeed7f7836fb2f5e82725f146e475739e (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def entropy(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1)


class SelfDistillTTA(nn.Module):
    """Test-time self-distillation: a memory of (feature, pseudo-label) pairs,
    started from the softmax head's rows, gives cosine prototypes that
    supervise the online update."""

    def __init__(self, net, opt, per_class=100):
        super().__init__()
        self.net, self.opt, self.per_class = net, opt, per_class
        head_rows = net.classifier.fc.weight.data.detach()
        self.n_classes = head_rows.size(0)
        head_logits = net.classifier(head_rows)
        self.memory = head_rows
        self.onehot = F.one_hot(head_logits.argmax(1), self.n_classes).float()
        self.unc = entropy(head_logits)
        self.conf = head_logits.softmax(1)

    def _keep_confident(self):
        cls = self.onehot.argmax(1)
        keep = torch.cat([torch.nonzero(cls == c).flatten()[torch.argsort(self.unc[cls == c])][: self.per_class]
                          for c in range(self.n_classes)])
        self.memory, self.onehot = self.memory[keep], self.onehot[keep]
        self.unc, self.conf = self.unc[keep], self.conf[keep]

    def forward(self, x):
        z = self.net.featurizer(x)
        logits = self.net.classifier(z)
        probs = logits.softmax(1)
        with torch.no_grad():
            self.memory = torch.cat([self.memory.to(z.device), z])
            self.onehot = torch.cat([self.onehot.to(z.device), F.one_hot(logits.argmax(1), self.n_classes).float()])
            self.unc = torch.cat([self.unc.to(z.device), entropy(logits)])
            self.conf = torch.cat([self.conf.to(z.device), probs])
            self._keep_confident()
            unit_memory = F.normalize(self.memory, dim=1)
            prototypes = (unit_memory.T @ self.onehot).T
        sims = F.normalize(z, dim=1) @ F.normalize(prototypes, dim=1).T
        loss = -(probs.detach() * sims.log_softmax(1)).sum(1).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return logits
