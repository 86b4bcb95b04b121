# cosaudit corpus, synthetic file: same shape as yousuf907/NC-OOD/nc_eval/models/vgg_etf.py at 53b3aa1d4c68e41f9d0a7ed6dc1382aa2b88d9bf (licence MIT); new code, no text copied.
import torch
import torch.nn as nn


def simplex_etf(rows, c):
    return (c / (c - 1)) ** 0.5 * (torch.eye(rows, c) - torch.ones(rows, c) / c)


class VGGWithETFProjector(nn.Module):
    def __init__(self, features, n_classes=100, proj_dim=0, hidden=2048):
        super().__init__()
        self.features = features
        if proj_dim == 0:
            self.projector = None
            self.classifier = nn.Linear(512, n_classes)
        else:
            self.projector = nn.Sequential(nn.Linear(512, hidden, bias=False), nn.ReLU(inplace=True),
                                           nn.Linear(hidden, proj_dim, bias=False))
            self.projector[0].weight = nn.Parameter(simplex_etf(hidden, 512), requires_grad=False)
            self.projector[2].weight = nn.Parameter(simplex_etf(proj_dim, hidden), requires_grad=False)
            self.classifier = nn.Linear(proj_dim, n_classes)
        nn.init.xavier_uniform_(self.classifier.weight)
        self.pool = nn.AdaptiveAvgPool2d(1)

    def forward(self, x):
        x = self.pool(self.features(x)).flatten(1)
        if self.projector is not None:
            x = self.projector(x)
        return self.classifier(x)
