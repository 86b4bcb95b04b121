# Synthetic rewrite of the shape of makgyver/fluke:fluke/algorithms/fedaws.py at a0bd26ab488fe97fd3b682f506ce2e6896be3041 (licence LGPL-2.1); not the original text.
import torch
from torch import nn
from torch.nn import functional as F


class UnitRows(nn.Module):
    def __init__(self, rows: torch.Tensor):
        super().__init__()
        self.rows = nn.Parameter(rows)

    def forward(self) -> torch.Tensor:
        return F.normalize(self.rows, dim=1)


class AngularSpreadLoss(nn.Module):
    def __init__(self, margin: float, reduction: str = "mean"):
        super().__init__()
        self.margin, self.reduction = margin, reduction

    def forward(self, rows: torch.Tensor) -> torch.Tensor:
        unit = F.normalize(rows, dim=1)
        cos_dis = 0.5 * (1.0 - torch.mm(unit, unit.t()))
        cos_dis = cos_dis * (1.0 - torch.eye(rows.shape[0], device=rows.device))
        hinge = ((self.margin - cos_dis).clamp(min=0.0)) ** 2
        return hinge.mean() if self.reduction == "mean" else hinge.sum()


class PositiveLabelServer:
    """Aggregation strategy for clients that each own a single label (FedAwS)."""

    def __init__(self, model, margin=0.5, lr=0.1, steps=100, head_name="classifier"):
        key = head_name + ".weight"
        assert key in model.state_dict(), f"no parameter called {key}"
        self.model, self.key = model, key
        self.margin, self.lr, self.steps = margin, lr, steps

    def spread_head(self):
        start = self.model.state_dict()[self.key].data
        holder = UnitRows(start)
        opt = torch.optim.SGD(holder.parameters(), lr=self.lr, momentum=0.9)
        loss_fn = AngularSpreadLoss(self.margin)
        for _ in range(self.steps):
            opt.zero_grad()
            loss = loss_fn(holder())
            loss.backward()
            opt.step()
        self.model.load_state_dict({self.key: holder.rows.data}, strict=False)
