# Synthetic rewrite of the shape of anony-codes/OOD-detection:Image/model/losses.py at 8276b5a226eb9300c508e536799c50b32d610e14 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class HeadLoss(nn.Module):
    """Plain cross-entropy on top of a linear layer; the layer is shared with the backbone."""

    def __init__(self, opts, head: nn.Linear, n_labels=2):
        super().__init__()
        self.opts = opts
        self.head = head                 # maps hidden -> n_labels
        self.rows = head.weight          # (n_labels, hidden)
        self.ce = nn.CrossEntropyLoss(ignore_index=-1)
        self.n_labels = n_labels

    def forward(self, feats, target):
        scores = self.head(feats.to(self.head.weight.dtype))
        return self.ce(scores, target)

    def predict(self, feats):
        scores = self.head(feats.to(self.head.weight.dtype))
        return scores.argmax(dim=-1), scores.softmax(dim=-1)

    def predict_by_angle(self, feats, centers=None, use_centers=False):
        # score each sample by the angle between its feature and every label row
        feats = feats.to(self.head.weight.dtype)
        unit_feats = F.normalize(feats, p=2, dim=-1)
        unit_rows = F.normalize(self.head.weight, p=2, dim=-1)
        if use_centers:
            unit_rows = F.normalize(centers, p=2, dim=-1)
        cos = unit_feats @ unit_rows.t()
        best, _ = cos.max(dim=-1)
        return cos.argmax(dim=-1), best


class MarginToRows(HeadLoss):
    def __init__(self, opts, head, margin=64.0):
        super().__init__(opts, head)
        self.margin = margin

    def forward(self, feats, target):
        if self.opts.learn_type == "mu":
            centers = torch.stack([feats[target == k].mean(0) for k in range(self.n_labels)])
            dist = torch.cdist(feats, centers)
        else:
            dist = torch.cdist(feats, self.head.weight.to(feats.dtype))
        own = dist.gather(1, target.unsqueeze(1))
        mask = F.one_hot(target, self.n_labels).bool()
        other = dist[~mask].view(feats.shape[0], -1)
        return (own + (self.margin - other).clamp(min=0)).mean()
