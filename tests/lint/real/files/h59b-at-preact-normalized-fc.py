# Synthetic rewrite of the shape of zhiyugege/Frequency-Long-Tailed-Investigation:Bag-of-Tricks-for-AT/preactresnet.py at d76f0aa80efcf22d9746e9bf50d2c30992bc5874 (licence NOASSERTION); not the original text.
import torch.nn as nn
import torch.nn.functional as F


class SmallResNet(nn.Module):
    """Backbone with an optional hypersphere head used in adversarial-training ablations."""

    def __init__(self, trunk, width=512, n_classes=10, unit_head=False, unit_feat_only=False, temp=15.0):
        super().__init__()
        self.trunk = trunk
        self.unit_head = unit_head
        self.unit_feat_only = unit_feat_only
        self.temp = temp
        self.bn = nn.BatchNorm2d(width)
        self.act = nn.ReLU(inplace=True)
        if unit_head:
            self.fc = nn.Linear(width, n_classes, bias=False)
        else:
            self.fc = nn.Linear(width, n_classes)

    def forward(self, x):
        h = self.act(self.bn(self.trunk(x)))
        h = F.adaptive_avg_pool2d(h, 1).flatten(1)
        if self.unit_feat_only:
            h = F.normalize(h, p=2, dim=1)
        if self.unit_head:
            h = F.normalize(h, p=2, dim=1) * self.temp
            for _, layer in self.fc.named_modules():
                if isinstance(layer, nn.Linear):
                    # keep each class row on the unit sphere so logits are scaled cosines
                    layer.weight.data = F.normalize(layer.weight, p=2, dim=1)
        return self.fc(h)


def small_resnet(trunk, n_classes=10, unit_head=False, unit_feat_only=False, temp=15.0):
    return SmallResNet(trunk, n_classes=n_classes, unit_head=unit_head,
                       unit_feat_only=unit_feat_only, temp=temp)
