# Synthetic rewrite of the shape of glbreeze/GLMC:model/model_nc.py at 800024ba9b4f7497192f5f46917fcddd2d8c784b (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision.models as tvm


def simplex_etf(k, d):
    """K x d matrix whose rows form a centred simplex equiangular tight frame."""
    m = torch.sqrt(torch.tensor(k / (k - 1))) * (torch.eye(k) - torch.full((k, k), 1.0 / k))
    m = m / torch.sqrt(torch.linalg.norm(m) ** 2 / k)
    return m @ torch.eye(k, d)


class SmallImageNet(nn.Module):
    """ResNet trunk for 32x32 inputs with a linear head that may be frozen to a simplex ETF."""

    def __init__(self, n_cls=10, arch='resnet18', pretrained=False, fixed_etf=False, gray=False):
        super().__init__()
        trunk = tvm.__dict__[arch](pretrained=pretrained)
        width = trunk.conv1.out_channels
        trunk.conv1 = nn.Conv2d(1 if gray else 3, width, kernel_size=3, stride=1, padding=1, bias=False)
        trunk.maxpool = nn.Identity()
        self.body = nn.Sequential(*list(trunk.children())[:-1])
        self.head = nn.Linear(trunk.fc.in_features, n_cls)

        if fixed_etf:
            # classifier frozen at the neural-collapse geometry; only the trunk learns
            self.head.weight = nn.Parameter(simplex_etf(n_cls, trunk.fc.in_features))
            self.head.weight.requires_grad_(False)

    def forward(self, x, want='logits+feat'):
        h = self.body(x).flatten(1)
        logits = self.head(h)
        return (logits, h) if want == 'logits+feat' else logits


class DeepMLP(nn.Module):
    def __init__(self, width, depth=6, bias=True, n_cls=10):
        super().__init__()
        blocks = [nn.Linear(3072, width), nn.BatchNorm1d(width), nn.ReLU()]
        for _ in range(depth - 1):
            blocks += [nn.Linear(width, width), nn.BatchNorm1d(width), nn.ReLU()]
        self.blocks = nn.Sequential(*blocks)
        self.head = nn.Linear(width, n_cls, bias=bias)

    def forward(self, x, want='logits+feat'):
        h = self.blocks(x.flatten(1))
        logits = self.head(h)
        return (logits, F.normalize(h)) if want == 'logits+feat' else logits
