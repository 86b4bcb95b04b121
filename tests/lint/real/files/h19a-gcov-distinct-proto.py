# Synthetic rewrite of the shape of yuhongcqupt/GCov-FSCIL:models/fact/Network.py at fed24ebfcdd26c16d52ed944c35e97238e01afb4 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from torch import nn


class SessionNet(nn.Module):
    def __init__(self, encoder, dim, n_total, n_base, temperature=16.0, mode="ft_cos"):
        super().__init__()
        self.encoder, self.mode, self.tau = encoder, mode, temperature
        self.n_base = n_base
        self.fc = nn.Linear(dim, n_total, bias=False)
        nn.init.orthogonal_(self.fc.weight)
        self.nearest_base = torch.zeros(n_total - n_base, 10, dtype=torch.long)
        self.pushed = torch.zeros(n_total - n_base, dim)

    def forward(self, x):
        z = self.encoder(x)
        if "cos" in self.mode:
            return self.tau * F.linear(F.normalize(z, dim=-1), F.normalize(self.fc.weight, dim=-1))
        return self.tau * self.fc(z)

    def calibrate_session(self, lo, hi, shift):
        base = F.normalize(self.fc.weight.data[: self.n_base], dim=-1)
        cur = F.normalize(self.fc.weight.data[lo:hi], dim=-1)
        mix = torch.softmax(cur @ base.T * self.tau, dim=1)
        towards = F.normalize(mix @ base, dim=-1)
        self.fc.weight.data[lo:hi] = (1 - shift) * cur + shift * towards

    def get_distinct_proto(self, session, way, k):
        base_rows = self.fc.weight.data[: self.n_base]
        row = self.fc.weight.data[self.n_base + (session - 1) * way + k]
        cosin_sim = F.cosine_similarity(row.unsqueeze(0), base_rows, dim=1)
        _, near = torch.topk(cosin_sim, k=10)
        slot = (session - 1) * way + k
        self.nearest_base[slot] = near
        unit_row = F.normalize(row, dim=-1)
        unit_near = F.normalize(base_rows[near], dim=-1)
        w = torch.softmax(unit_row @ unit_near.T * self.tau, dim=0)
        pull = F.normalize(w @ unit_near, dim=-1)
        self.pushed[slot] = 2 * unit_row - pull
