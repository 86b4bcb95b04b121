# cosaudit corpus, synthetic file: same shape as zaeemzadeh/OOD/wideresnet_UoS.py at 7df4863f36a014b6b455b52740a8618a68b4714f (licence NOASSERTION); new code, no text copied.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, cin, cout, stride, drop):
        super().__init__()
        self.bn1, self.bn2 = nn.BatchNorm2d(cin), nn.BatchNorm2d(cout)
        self.c1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.c2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.skip = None if cin == cout else nn.Conv2d(cin, cout, 1, stride, 0, bias=False)
        self.drop = drop

    def forward(self, x):
        o = F.relu(self.bn1(x))
        y = self.c1(o)
        y = F.dropout(F.relu(self.bn2(y)), p=self.drop, training=self.training)
        y = self.c2(y)
        return y + (x if self.skip is None else self.skip(o))


class SubspaceWRN(nn.Module):
    """Wide ResNet whose classifier rows are an orthogonal, frozen frame; logits are |cos|."""

    def __init__(self, depth=28, widen=10, num_classes=10, drop=0.3):
        super().__init__()
        n = (depth - 4) // 6
        widths = [16, 16 * widen, 32 * widen, 64 * widen]
        self.stem = nn.Conv2d(3, widths[0], 3, 1, 1, bias=False)
        layers, cin = [], widths[0]
        for i, (w, s) in enumerate(zip(widths[1:], (1, 2, 2))):
            for j in range(n):
                layers.append(Block(cin, w, s if j == 0 else 1, drop))
                cin = w
        self.body = nn.Sequential(*layers)
        self.width = widths[-1]
        self.fc = nn.Linear(self.width, num_classes, bias=False)
        self.fc.weight.requires_grad = False  # frame stays fixed during training
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                m.weight.data.normal_(0, math.sqrt(2.0 / (m.kernel_size[0] * m.kernel_size[1] * m.out_channels)))
            elif isinstance(m, nn.BatchNorm2d):
                m.weight.data.fill_(1)
                m.bias.data.zero_()
            elif isinstance(m, nn.Linear):
                nn.init.orthogonal_(m.weight.data)

    def forward(self, x):
        h = self.body(self.stem(x))
        feat = F.avg_pool2d(h, 8).flatten(1)
        logits = torch.abs(self.fc(F.normalize(feat, dim=1)))
        return logits, feat
