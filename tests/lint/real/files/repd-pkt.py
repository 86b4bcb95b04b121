# cosaudit corpus, synthetic file: same shape as HobbitLong/RepDistiller/distiller_zoo/PKT.py at b84f547c5db6a35318d4671d7d5c4de74c822403 (licence BSD-2-Clause); new code, no text copied.
import torch
from torch import nn


class PKT(nn.Module):
    """Probabilistic knowledge transfer: match the similarity distributions of teacher and student features."""

    def forward(self, f_s, f_t):
        return self.similarity_loss(f_s, f_t)

    @staticmethod
    def similarity_loss(out_s, out_t, eps=1e-7):
        out_s = out_s / (torch.sqrt(torch.sum(out_s ** 2, dim=1, keepdim=True)) + eps)
        out_t = out_t / (torch.sqrt(torch.sum(out_t ** 2, dim=1, keepdim=True)) + eps)
        sim_s = (out_s @ out_s.T + 1.0) / 2.0
        sim_t = (out_t @ out_t.T + 1.0) / 2.0
        sim_s = sim_s / sim_s.sum(dim=1, keepdim=True)
        sim_t = sim_t / sim_t.sum(dim=1, keepdim=True)
        return torch.mean(sim_t * torch.log((sim_t + eps) / (sim_s + eps)))
