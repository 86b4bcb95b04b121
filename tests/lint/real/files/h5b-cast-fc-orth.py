# cosaudit corpus, synthetic file: same shape as smwanghhh/CAST/train.py at d229842b2f1a361836e771d36e504c1de4938a13 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class ExpressionNet(nn.Module):
    def __init__(self, backbone, n_classes=7, dim=512):
        super().__init__()
        self.backbone = backbone
        self.fc = nn.Linear(dim, n_classes, bias=False)
        self.logit_bn = nn.BatchNorm1d(n_classes)

    def forward(self, x):
        h = self.backbone(x)
        return self.logit_bn(self.fc(h)), h


def spread_penalty(net):
    # keep the expression prototypes apart: mean pairwise cosine of the head rows, shifted to [0, 1]
    W = net.fc.weight
    lengths = W.norm(dim=1, keepdim=True)
    dots = W @ W.t()
    return (((dots / (lengths @ lengths.t()) - torch.eye(W.size(0), device=W.device)) + 1) / 2).mean()


def source_epoch(net, loader, opt, w_cls=1.0, w_spread=0.1):
    net.train()
    for images, labels in loader:
        opt.zero_grad()
        logits, _ = net(images)
        loss = w_cls * F.cross_entropy(logits, labels) + w_spread * spread_penalty(net)
        loss.backward()
        opt.step()
