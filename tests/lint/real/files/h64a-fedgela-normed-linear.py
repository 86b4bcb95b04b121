# Synthetic rewrite of the shape of MediaBrain-SJTU/FedGELA:resnet.py at b5b20d522c70672b9c374116797c20b0e3c7c806 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class TinyBlock(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn = nn.BatchNorm2d(cout)
        self.skip = nn.Identity() if stride == 1 and cin == cout else nn.Conv2d(cin, cout, 1, stride, bias=False)

    def forward(self, x):
        return F.relu(self.bn(self.conv(x)) + self.skip(x))


class CifarNetUnitHead(nn.Module):
    """Backbone + projection + bias-free head whose rows are kept at unit length."""

    def __init__(self, n_classes=10, proj_dim=1024):
        super().__init__()
        self.stem = nn.Conv2d(3, 64, 3, padding=1, bias=False)
        self.stages = nn.Sequential(TinyBlock(64, 128, 2), TinyBlock(128, 256, 2), TinyBlock(256, 512, 2))
        self.proj = nn.Linear(512, proj_dim, bias=False)
        self.head = nn.Linear(proj_dim, n_classes, bias=False)

    def forward(self, images):
        h = self.stages(F.relu(self.stem(images)))
        h = F.adaptive_avg_pool2d(h, 1).flatten(1)
        h = self.proj(h)
        # every forward pass re-projects the class rows onto the unit sphere
        self.head.weight.data = F.normalize(self.head.weight.data, dim=1)
        return self.head(h)


if __name__ == "__main__":
    net = CifarNetUnitHead()
    print(net(torch.randn(2, 3, 32, 32)).shape)
