# cosaudit corpus, synthetic file: same shape as YutingLi0606/SURE/model/classifier.py at a355ecfcd1f8eae3d12017afdf3a9095d6be3c59 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F


class TemperedCosineHead(torch.nn.Module):
    def __init__(self, dim, n_classes, temp):
        super().__init__()
        base = torch.nn.Linear(dim, n_classes)
        self.weight = torch.nn.Parameter(base.weight.t().clone())   # dim x n_classes
        self.bias = torch.nn.Parameter(base.bias.clone())
        self.register_buffer("temp", torch.tensor(float(temp)))

    def forward(self, feats):
        f = F.normalize(feats, dim=1, eps=1e-12)
        w = F.normalize(self.weight, dim=0, eps=1e-12)
        return self.temp * (f @ w)
