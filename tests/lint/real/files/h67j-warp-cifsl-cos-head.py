# Synthetic rewrite of the shape of EdwinKim3069/WaRP-CIFSL:models/base/Network.py at cd95ecd6175be41c2c8e03997859d932f90ef2f0 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class IncrementalNet(nn.Module):
    """Few-shot class-incremental net whose head scores by cosine (scaled) or by dot product."""

    def __init__(self, backbone, feat_dim, total_classes, n_base, scale=16.0, mode="ft_cos"):
        super().__init__()
        self.backbone = backbone
        self.n_base = n_base
        self.scale = scale
        self.mode = mode
        self.head = nn.Linear(feat_dim, total_classes, bias=False)

    def embed(self, x):
        h = self.backbone(x)
        return F.adaptive_avg_pool2d(h, 1).flatten(1)

    def score(self, feats, weight):
        if "cos" in self.mode:
            # the classifier itself is cosine-based: unit features against unit weight rows
            return self.scale * F.linear(F.normalize(feats, dim=-1), F.normalize(weight, dim=-1))
        if "dot" in self.mode:
            return F.linear(feats, weight)
        base = F.linear(feats, weight)[:, : self.n_base]
        novel = -(weight.t().unsqueeze(0) - feats.unsqueeze(-1)).norm(dim=1)[:, self.n_base:]
        return torch.cat([base, novel], dim=-1)

    def forward(self, x):
        if self.mode == "encoder":
            return self.embed(x)
        return self.score(self.embed(x), self.head.weight)

    @torch.no_grad()
    def add_session_classes(self, feats, labels, new_ids):
        # new classifier rows are set to the mean embedding of each new class
        rows = []
        for c in new_ids:
            proto = feats[labels == c].mean(0)
            self.head.weight.data[c] = proto
            rows.append(proto)
        return torch.stack(rows)
