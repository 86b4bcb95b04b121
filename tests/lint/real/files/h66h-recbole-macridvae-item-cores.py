# Synthetic rewrite of the shape of RUCAIBox/RecBole:recbole/model/general_recommender/macridvae.py at 7b02be5ec80a88310f2d04a27a82adfcbb5dc211 (licence MIT); not the original text.
import torch
import torch.nn.functional as F
from torch import nn


class DisentangledMultVAE(nn.Module):
    """K macro concepts; each item is softly assigned to a concept by cosine to a prototype."""

    def __init__(self, n_items, dim=64, n_concepts=4, tau=0.1, hidden=(600,), p_drop=0.5):
        super().__init__()
        sizes = [n_items, *hidden, 2 * dim]
        blocks = []
        for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:])):
            blocks.append(nn.Linear(a, b))
            if i < len(sizes) - 2:
                blocks.append(nn.Tanh())
        self.encoder = nn.Sequential(*blocks)
        self.item_table = nn.Embedding(n_items, dim)
        self.prototypes = nn.Embedding(n_concepts, dim)
        self.dim, self.k, self.tau, self.p_drop = dim, n_concepts, tau, p_drop

    def forward(self, clicks):
        protos = F.normalize(self.prototypes.weight, dim=1)
        item_dirs = F.normalize(self.item_table.weight, dim=1)

        x = F.dropout(F.normalize(clicks), self.p_drop, training=self.training)
        # item-to-concept assignment from cosines of item rows with prototypes
        assign = torch.softmax(item_dirs @ protos.t() / self.tau, dim=-1)

        mixture = 0.0
        means, logvars = [], []
        for c in range(self.k):
            share = assign[:, c].unsqueeze(0)
            h = self.encoder(x * share)
            mu = F.normalize(h[:, : self.dim], dim=1)
            logvar = h[:, self.dim:]
            z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar) if self.training else mu
            # decoder: the same normalised item rows score every item for this concept
            scores = F.normalize(z, dim=1) @ item_dirs.t() / self.tau
            mixture = mixture + torch.exp(scores) * share
            means.append(mu)
            logvars.append(logvar)
        return torch.log(mixture), means, logvars
