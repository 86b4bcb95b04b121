# Synthetic rewrite of the shape of zrbwsw/Wi-CBR:python/Widar/train.py at 369d5098e719d573fbe6626168edee9b5824e0e2 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class HeadAnchorLoss(nn.Module):
    """Pull each embedding towards its own label's row of the output layer."""

    def __init__(self, tau=0.07):
        super().__init__()
        self.tau = tau

    def forward(self, feats, targets, net):
        anchors = F.normalize(net.out.weight, p=2, dim=1)
        feats = F.normalize(feats, p=2, dim=1)
        scores = feats @ anchors.t() / self.tau
        onehot = F.one_hot(targets.long(), num_classes=anchors.size(0)).float()
        scores = scores - scores.max(dim=1, keepdim=True)[0].detach()
        logp = scores - scores.exp().sum(dim=1, keepdim=True).log()
        return -(onehot * logp).sum(dim=1).mean()


class TwoStreamNet(nn.Module):
    def __init__(self, width=1024, n_gestures=6):
        super().__init__()
        self.stem_a = nn.Sequential(nn.Conv2d(3, width // 2, 3, padding=1), nn.AdaptiveAvgPool2d(1))
        self.stem_b = nn.Sequential(nn.Conv2d(3, width // 2, 3, padding=1), nn.AdaptiveAvgPool2d(1))
        self.out = nn.Linear(width, n_gestures)

    def forward(self, a, b):
        z = torch.cat([self.stem_a(a), self.stem_b(b)], dim=1).flatten(1)
        return self.out(z), z


def train_epoch(net, loader, opt, beta=0.1):
    xent = nn.CrossEntropyLoss()
    anchor_loss = HeadAnchorLoss(0.1)
    for a, b, y in loader:
        opt.zero_grad()
        logits, z = net(a, b)
        loss = xent(logits, y) + beta * anchor_loss(z, y, net)
        loss.backward()
        opt.step()
