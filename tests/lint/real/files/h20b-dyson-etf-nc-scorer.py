# Synthetic rewrite of the shape of isCDX2/DYSON:DYSON/DYSON.py at 85c873400d0815173ecca0794d31d4176e71a81a (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn

from simplex import simplex_from_directions   # builds an equiangular tight frame spanning given directions


class SelfOrganisingLearner(nn.Module):
    """Task-free online learner whose classifier is a fixed simplex (ETF) steered by class prototypes."""

    def __init__(self, encoder, feat_dim, n_placeholders=10):
        super().__init__()
        self.encoder = encoder
        self.prototypes, self.prototype_labels = [], []
        self.placeholders = torch.randn(n_placeholders, feat_dim)
        self.anchor_rows = None
        self.mirror = nn.Sequential(nn.Linear(feat_dim, feat_dim), nn.ReLU(), nn.Linear(feat_dim, feat_dim))

    def rebuild_anchors(self, device):
        known = torch.stack(self.prototypes)
        if len(self.prototypes) < len(self.placeholders):
            known = torch.cat([known, self.placeholders[len(self.prototypes):].to(device)], dim=0)
        self.anchor_rows = simplex_from_directions(known.T).T.to(device)

    @torch.no_grad()
    def predict_with_anchors(self, feats):
        z = self.mirror(feats)
        rows = self.anchor_rows[:len(self.prototypes)]
        length = torch.norm(z)
        scores = torch.matmul((z / length) if length > 0 else z, rows.T)
        best = scores.topk(1, dim=-1)[1]
        return torch.tensor([self.prototype_labels[i] for i in best])

    def forward(self, images):
        feats = self.encoder(images).flatten(1)
        return self.predict_with_anchors(feats)
