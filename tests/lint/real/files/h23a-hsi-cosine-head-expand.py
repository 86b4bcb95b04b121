# Synthetic rewrite of the shape of love1314zyq-arch/HSI:myNetwork_hsi.py at 71501893b2239de00297b78909cc879136c7c32d (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class IncrementalHSINet(nn.Module):
    """Backbone plus a head that is either a plain linear layer or a scaled cosine head."""

    def __init__(self, n_classes, backbone, feat_dim=512, head="linear", scale=16.0):
        super().__init__()
        self.backbone, self.feat_dim, self.head = backbone, feat_dim, head
        if head == "cosine":
            self.weight = nn.Parameter(torch.empty(n_classes, feat_dim))
            nn.init.kaiming_uniform_(self.weight, a=5 ** 0.5)
            self.logit_scale = nn.Parameter(torch.tensor(scale))
            self.fc = None
        else:
            self.fc = nn.Linear(feat_dim, n_classes)

    def logits(self, feat):
        if self.head == "cosine":
            feat_n = F.normalize(feat, p=2, dim=1)
            w_n = F.normalize(self.weight, p=2, dim=1)
            return self.logit_scale * feat_n @ w_n.t()
        return self.fc(feat)

    def forward(self, x):
        feat = self.backbone(x)
        return self.logits(feat), feat

    def add_classes(self, n_total):
        if self.head == "cosine":
            grown = torch.empty(n_total, self.feat_dim, device=self.weight.device)
            nn.init.kaiming_uniform_(grown, a=5 ** 0.5)
            grown[: self.weight.shape[0]] = self.weight.data
            self.weight = nn.Parameter(grown)
            return
        old = self.fc
        self.fc = nn.Linear(old.in_features, n_total)
        self.fc.weight.data[: old.out_features] = old.weight.data
        self.fc.bias.data[: old.out_features] = old.bias.data

    @torch.no_grad()
    def align_new_rows(self, n_old):
        """Rescale new-class rows of the linear head to the mean norm of the old rows."""
        if self.head == "cosine" or not 0 < n_old < self.fc.out_features:
            return
        w = self.fc.weight
        ratio = w[:n_old].norm(dim=1).mean() / w[n_old:].norm(dim=1).mean()
        w[n_old:] *= ratio
