# Synthetic rewrite of the shape of alisonlupton/tinyML_thesis:baseline_6/cwr_head.py at 0a04dfbf889a057c3dacde3729344e49ca083430 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class ConsolidatedHead(nn.Module):
    """Training rows are merged into a running bank that is kept on the unit sphere."""

    def __init__(self, dim, n_classes):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(n_classes, dim))
        self.bias = nn.Parameter(torch.zeros(n_classes))
        self.register_buffer("bank", torch.zeros(n_classes, dim))
        self.register_buffer("bank_bias", torch.zeros(n_classes))
        self.register_buffer("seen", torch.zeros(n_classes, dtype=torch.long))

    def forward(self, x):
        return F.linear(x, self.weight, self.bias)

    @torch.no_grad()
    def merge(self, classes, counts):
        if len(classes) == 0:
            return
        idx = torch.as_tensor(classes, dtype=torch.long, device=self.weight.device)
        past = self.seen[idx].float()
        now = counts.float()
        total = (past + now).clamp_min(1)
        merged = (past / total).unsqueeze(1) * self.bank[idx] + (now / total).unsqueeze(1) * self.weight[idx]
        empty = merged.norm(dim=1) < 1e-12
        merged[empty] = self.bank[idx][empty]
        merged = F.normalize(merged, dim=1)  # the evaluation head scores by angle
        self.bank.index_copy_(0, idx, merged)
        self.bank_bias.index_fill_(0, idx, 0.0)
        self.seen.index_put_((idx,), (past + now).long())

    @torch.no_grad()
    def load_bank(self):
        self.weight.copy_(self.bank)
        self.bias.copy_(self.bank_bias)


class AngleHead(nn.Module):
    def __init__(self, dim, n_classes):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_classes, dim))

    def forward(self, x):
        return F.linear(F.normalize(x, dim=1), F.normalize(self.weight, dim=1))
