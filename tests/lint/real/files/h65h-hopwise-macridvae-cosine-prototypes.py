# Synthetic rewrite of the shape of tail-unica/hopwise:hopwise/model/general_recommender/macridvae.py at a1105265dfa5cccf4497b436ffe44393320266a6 (licence MIT); not the original text.
"""Disentangled VAE recommender: items are softly assigned to K concepts, and each concept's
decoder scores items on the unit sphere."""
import torch
import torch.nn.functional as F
from torch import nn


class ConceptVAE(nn.Module):
    def __init__(self, n_items, dim=64, n_concepts=4, tau=0.1, hidden=600, noise_std=0.075):
        super().__init__()
        self.k, self.tau, self.dim, self.noise_std = n_concepts, tau, dim, noise_std
        self.concepts = nn.Embedding(n_concepts, dim)
        self.items = nn.Embedding(n_items, dim)
        self.enc = nn.Sequential(nn.Linear(n_items, hidden), nn.Tanh(), nn.Linear(hidden, 2 * dim))

    def sample(self, mu, logvar):
        if not self.training:
            return mu
        return mu + torch.randn_like(mu) * self.noise_std * torch.exp(0.5 * logvar)

    def forward(self, clicks):
        protos = F.normalize(self.concepts.weight, dim=1)
        rows = F.normalize(self.items.weight, dim=1)
        x = F.dropout(F.normalize(clicks), 0.5, training=self.training)

        # which concept each item belongs to: item-vs-prototype cosines over a temperature
        assign = torch.softmax(rows @ protos.T / self.tau, dim=-1)

        total, mus, logvars = 0, [], []
        for c in range(self.k):
            h = self.enc(x * assign[:, c][None, :])
            mu, logvar = F.normalize(h[:, :self.dim], dim=1), h[:, self.dim:]
            z = F.normalize(self.sample(mu, logvar), dim=1)
            # decoder logits are cosines by construction
            total = total + torch.exp(z @ rows.T / self.tau) * assign[:, c][None, :]
            mus.append(mu)
            logvars.append(logvar)
        return torch.log(total), mus, logvars
