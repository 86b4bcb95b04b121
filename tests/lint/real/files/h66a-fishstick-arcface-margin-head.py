# Synthetic rewrite of the shape of NeuralBlitz/fishstick:fishstick/losses_ext/contrastive.py at 2a3b1b8168099e9ed568a62384c89b52292a6541 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class MarginAngularHead(nn.Module):
    """Additive-angular-margin classification loss: logits are scaled cosines to learned class vectors."""

    def __init__(self, dim, n_classes, margin=0.5, scale=30.0):
        super().__init__()
        self.margin, self.scale = margin, scale
        self.centres = nn.Parameter(torch.empty(n_classes, dim))
        nn.init.xavier_uniform_(self.centres)

    def forward(self, emb, target):
        e = F.normalize(emb, p=2, dim=1)
        c = F.normalize(self.centres, p=2, dim=1)
        cos = e @ c.T                                  # cosine logits by construction
        ang = torch.acos(cos.clamp(-1 + 1e-7, 1 - 1e-7))
        with_margin = torch.cos(ang + self.margin)
        hit = F.one_hot(target, cos.size(1)).bool()
        logits = torch.where(hit, with_margin, cos) * self.scale
        return F.cross_entropy(logits, target)
