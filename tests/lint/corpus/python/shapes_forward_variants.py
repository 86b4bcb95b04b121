# expect: COS301
"""Written for cosaudit's tests: scores of features against every row of a model's own linear head
computed inside the model's passes, which are the model at work, not a reading of its rows: a pass
named `*_forward` (`cosine_forward`, `model_forward`) that returns them, a pass that turns them into
mixture weights with a softmax (a prototype mixture), scores concatenated with others before they are
returned. The same scores computed outside any pass (an OOD score, a softmax over them for a report)
stay flagged."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Backbone(nn.Module):
    def __init__(self, num_classes, temp=0.1):
        super().__init__()
        self.body = nn.Linear(512, 256)
        self.fc = nn.Linear(256, num_classes)
        self.temp = temp

    def forward(self, x):
        return self.fc(F.relu(self.body(x)))

    def cosine_forward(self, x):
        out = F.relu(self.body(x))
        scores = out @ self.fc.weight.t()
        cosine = scores / (out.norm(dim=1, keepdim=True) * self.fc.weight.norm(dim=1, keepdim=True).t())
        return cosine, scores

    def mix(self, feat):
        rows = F.normalize(self.fc.weight.detach(), dim=1)
        weights = F.softmax(feat.mm(rows.t()) / self.temp, dim=1)
        return weights.mm(rows)

    def model_forward(self, x):
        feat = F.relu(self.body(x))
        mixed = self.mix(F.normalize(feat, dim=1))
        return self.fc(feat), mixed

    def queue_forward(self, h, queue):
        w = F.normalize(torch.cat([self.fc.weight, self.fc.bias.unsqueeze(-1)], dim=1), dim=1)
        cur = torch.einsum("nk,kc->nc", h, w.T)
        queued = torch.einsum("nk,kc->nc", queue, w.T)
        logits = torch.cat([cur, queued], dim=0) / self.temp
        return nn.LogSoftmax(dim=1)(logits)


def ood_score(model: Backbone, feats: torch.Tensor) -> torch.Tensor:
    rows = F.normalize(model.fc.weight, dim=1)
    return (F.normalize(feats, dim=1) @ rows.T).max(dim=1).values  # expect: COS120


def class_report(model: Backbone, feats: torch.Tensor) -> torch.Tensor:
    rows = F.normalize(model.fc.weight, dim=1)
    return F.softmax(F.normalize(feats, dim=1) @ rows.T / 0.05, dim=1)  # expect: COS120
