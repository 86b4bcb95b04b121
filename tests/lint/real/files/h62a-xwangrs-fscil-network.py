# Synthetic rewrite of the shape of xwangrs/Approximation_FSCIL-ECCV2024:models/base/Network.py at 668fcab3bf270f4bcfbcc9a70d1b55a3c58a5065 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class SessionNet(nn.Module):
    """Few-shot class-incremental net; the scoring mode comes from the run config ('cos' by default)."""

    def __init__(self, encoder, dim, n_total, mode="ft_cos", tau=16.0):
        super().__init__()
        self.encoder = encoder
        self.mode = mode
        self.tau = tau
        self.fc = nn.Linear(dim, n_total, bias=False)

    def scores(self, z, rows):
        if "cos" in self.mode:
            # cosine classifier by design: unit features against unit rows
            return self.tau * F.linear(F.normalize(z, dim=-1), F.normalize(rows, dim=-1))
        return F.linear(z, rows)

    def forward(self, x):
        z = self.encoder(x)
        return self.scores(z, self.fc.weight), z

    @torch.no_grad()
    def imprint_session(self, feats, labels, new_ids):
        # new-class rows are set to the mean feature of their support shots
        for c in new_ids:
            self.fc.weight[c] = feats[labels == c].mean(dim=0)

    def finetune_new_rows(self, feats, labels, first_new, last_new, steps=50, lr=0.05):
        fresh = self.fc.weight[first_new:last_new].detach().clone().requires_grad_(True)
        opt = torch.optim.SGD([fresh], lr=lr, momentum=0.9)
        kept = self.fc.weight[:first_new].detach()
        for _ in range(steps):
            logits = self.scores(feats, torch.cat([kept, fresh], dim=0))
            loss = F.cross_entropy(logits, labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            self.fc.weight[first_new:last_new].copy_(fresh)
