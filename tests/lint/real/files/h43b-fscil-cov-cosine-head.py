# Synthetic rewrite of the shape of tambourine666/Covariance-Space-Regularize:CE_FACT-cov/models/base/Network.py at cc62aabba457bd236ccf3176928dfe30e1eac87f (licence NOASSERTION); not the original text.
import torch.nn as nn
import torch.nn.functional as F


class IncrementalNet(nn.Module):
    def __init__(self, backbone, feat_dim, n_classes, opts, mode="ft_cos"):
        super().__init__()
        self.backbone = backbone
        self.opts = opts
        self.mode = mode
        if opts.cov_restriction:
            # predicts a mean and a log-variance per feature
            self.dist_head = nn.Linear(feat_dim, 2 * feat_dim)
        self.fc = nn.Linear(feat_dim, n_classes, bias=False)

    def embed(self, x):
        h = self.backbone(x)
        return F.adaptive_avg_pool2d(h, 1).flatten(1)

    def scores(self, x):
        x = self.embed(x)
        if "cos" in self.mode:
            x = F.linear(F.normalize(x, p=2, dim=-1), F.normalize(self.fc.weight, p=2, dim=-1))
        else:
            x = self.fc(x)
        return self.opts.temperature * x

    def forward(self, x):
        return self.embed(x) if self.mode == "encoder" else self.scores(x)
