# Synthetic rewrite of the shape of waychin-weiqin/CoMM:network/resnet.py at 673db3d97d99b1db18184e5bca42df636f2f4dd0 (licence MIT); not the original text.
import torch
import torch.nn as nn


class SmallResNet(nn.Module):
    """Backbone plus an ordinary linear softmax head, with extra cosine read-outs."""

    def __init__(self, backbone, width, n_classes):
        super().__init__()
        self.backbone = backbone
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(width, n_classes)

    def extract(self, x):
        return self.backbone(x)

    def pooled(self, x):
        return self.pool(self.extract(x)).flatten(1)

    def classify(self, fmap):
        return self.fc(self.pool(fmap).flatten(1))

    def cosine_forward(self, x):
        """Returns (cosine to every class row, plain logits without bias)."""
        z = self.pooled(x)
        W = self.fc.weight
        raw = z @ W.t()
        cos = raw / (z.norm(dim=1, keepdim=True) * W.norm(dim=1, keepdim=True).t())
        return cos, raw

    def norm_cosine(self, x, W=None):
        W = self.fc.weight if W is None else W
        z = self.pooled(x)
        zn = z.norm(dim=1, keepdim=True)
        return (z @ W.t()) / (zn * W.norm(dim=1, keepdim=True).t()), zn

    def forward(self, x):
        return self.classify(self.extract(x))


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    hits, cos_hits, n = 0, 0, 0
    for x, y in loader:
        cos, raw = model.cosine_forward(x)
        hits += (raw.argmax(1) == y).sum().item()
        cos_hits += (cos.argmax(1) == y).sum().item()
        n += y.numel()
    return hits / n, cos_hits / n
