# Synthetic rewrite of the shape of lxcnju/FedRepo:algorithms/fedaws.py at 617ee015046409d95dbd76ba39eebb92d313ab94 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class ClassSpread(nn.Module):
    """Server-side spread-out step of federated averaging when every client holds one label:
    the rows of the global classifier are pushed apart by a hinge on their angular distance."""

    def __init__(self, rows, margin):
        super().__init__()
        self.rows = nn.Parameter(rows.clone())
        self.margin = margin

    def forward(self):
        unit = F.normalize(self.rows, dim=1)
        cos_dis = 0.5 * (1.0 - unit @ unit.t())          # pairwise, class against class
        off_diag = 1.0 - torch.eye(self.rows.shape[0], device=self.rows.device)
        cos_dis = cos_dis * off_diag
        gap = (self.margin - cos_dis).clamp(min=0.0)
        return (gap ** 2).mean()


class SpreadoutServer:
    def __init__(self, model, margin=0.5, lr=0.1, steps=100):
        self.model = model
        self.margin, self.lr, self.steps = margin, lr, steps

    def refresh_classifier(self):
        head = self.model.classifier.weight.data
        spread = ClassSpread(head, self.margin)
        opt = torch.optim.SGD(spread.parameters(), lr=self.lr, momentum=0.9)
        for _ in range(self.steps):
            loss = spread()
            opt.zero_grad()
            loss.backward()
            opt.step()
        self.model.load_state_dict({"classifier.weight": spread.rows.data}, strict=False)
