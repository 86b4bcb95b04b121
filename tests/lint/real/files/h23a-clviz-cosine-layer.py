# Synthetic rewrite of the shape of TLESORT/CL_Visualization:Models/Output_Layers/layer.py at bcdfd514bc2f29f66a34c5dc54261236f8f70507 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class CosineLayer(nn.Linear):
    """Output layer whose logits are cosines between the incoming features and
    each row of the weight matrix (optionally times a learned factor)."""

    def __init__(self, in_features, out_features, bias=False, factor=False):
        super().__init__(in_features, out_features, bias=bias)
        if factor:
            self.factor_weight = nn.Parameter(torch.ones(1))
        else:
            self.factor_weight = 1.0

    def forward(self, x):
        return self.factor_weight * F.linear(x / torch.norm(x, dim=1, keepdim=True),
                        self.weight / torch.norm(self.weight, dim=1, keepdim=True))


class CosineLayerLoop(nn.Module):
    """Same score, one class at a time."""

    def __init__(self, size_in, size_out):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(size_out, size_in))
        nn.init.kaiming_normal_(self.weight)

    def forward(self, x):
        scores = [F.cosine_similarity(x, self.weight[i].unsqueeze(0)).unsqueeze(-1)
                  for i in range(self.weight.shape[0])]
        return torch.cat(scores, dim=1)
