# Synthetic rewrite of the shape of ejkim47/bridging-gap-wsol:wsol/resnet.py at 7d5827392186342fb606fbd6b5de7df88f6cec2b (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class TinyBackbone(nn.Module):
    def __init__(self, width=256):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, 64, 7, stride=2, padding=3, bias=False),
            nn.BatchNorm2d(64), nn.ReLU(inplace=True),
            nn.Conv2d(64, width, 3, stride=2, padding=1, bias=False),
            nn.BatchNorm2d(width), nn.ReLU(inplace=True),
        )

    def forward(self, x):
        return self.stem(x)


class CamNetWithSimilarity(nn.Module):
    """Classifier for weakly supervised localisation.

    Besides the logits it returns a per-pixel map that compares every spatial
    feature with every class vector of the final linear layer.
    """

    def __init__(self, num_classes=200, width=256):
        super().__init__()
        self.body = TinyBackbone(width)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(width, num_classes)

    def forward(self, images, labels=None, return_cam=False):
        fmap = self.body(images)
        pooled = self.pool(fmap).flatten(1)
        logits = self.fc(pooled)

        x_normalized = F.normalize(fmap, dim=1)
        weight_normalized = F.normalize(self.fc.weight, dim=1)
        kernels = weight_normalized[:, :, None, None]
        sim = F.conv2d(x_normalized, kernels)  # (B, num_classes, H, W)

        out = {"logits": logits, "feature": fmap, "sim": sim}
        if return_cam and labels is not None:
            w = self.fc.weight[labels]
            out["cams"] = (w[:, :, None, None] * fmap.detach()).mean(1)
        return out


def alignment_loss(out, labels):
    # pull foreground pixels towards the direction of their class vector
    per_class = out["sim"][torch.arange(labels.numel()), labels]
    return (1.0 - per_class.clamp(min=0)).mean()
