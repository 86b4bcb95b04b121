# Synthetic rewrite of the shape of Programmergg/NTK-FSCIL:models/backbones/network.py at 1e020c97b3d53a38636abfed02052e5a5ce15dac (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class IncrementalLearner(nn.Module):
    def __init__(self, encoder, feat_dim, n_classes, way, shot, query, temperature=16.0, metric="cosine"):
        super().__init__()
        self.encoder = encoder
        self.head = nn.Linear(feat_dim, n_classes, bias=False)
        self.way, self.shot, self.query = way, shot, query
        self.temperature = temperature
        self.metric = metric

    def forward(self, images):
        z = self.encoder(images)
        # the classifier itself scores by angle: both sides are put on the unit sphere
        return F.linear(F.normalize(z, p=2, dim=1), F.normalize(self.head.weight, p=2, dim=1))

    def episode(self, images):
        z = self.encoder(images.squeeze(0))
        n_support = self.shot * self.way
        support = z[:n_support].view(self.shot, self.way, -1)
        query = z[n_support:].view(self.query, self.way, -1)
        centres = support.mean(dim=0)
        if self.metric == "cosine":
            c = F.normalize(centres, dim=-1)
            q = F.normalize(query, dim=-1)
            scores = torch.einsum("wd,qvd->qvw", c, q) / self.temperature
        else:
            diff = query.unsqueeze(2) - centres.view(1, 1, self.way, -1)
            scores = -(diff ** 2).sum(-1) / self.temperature
        target = torch.arange(self.way).repeat(self.query)
        return scores.reshape(-1, self.way), target
