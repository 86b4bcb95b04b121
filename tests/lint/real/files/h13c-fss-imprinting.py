# cosaudit corpus, synthetic file: same shape as fcdl94/FSS/methods/imprinting.py at 6910c6864761526a35ba0cb0e1bcabed01ce86dc (licence MIT); new code, no text copied.
"""Pixel-wise weight imprinting for few-shot incremental segmentation.

Step 0 is trained with the COS classifier; later steps set the new classes' weights
from the normalised pixel features of the few annotated images.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

from .trainer import Trainer


class WeightImprinting(Trainer):
    def warm_up_(self, dataset):
        model = self.model
        model.eval()
        n_old = sum(self.task.get_n_classes()[:-1])
        n_new = self.task.get_n_classes()[-1]
        acc = torch.zeros(n_new, model.head_channels, device=self.device)
        with torch.no_grad():
            for idx in range(len(dataset)):
                image, label = dataset[idx]
                feats = model(image[None].to(self.device), use_classifier=False)
                feats = F.interpolate(feats, size=image.shape[-2:], mode="bilinear", align_corners=False)[0]
                for c in label.unique().tolist():
                    if n_old <= c < n_old + n_new:
                        pix = feats[:, label.to(self.device) == c]
                        acc[c - n_old] += F.normalize(F.normalize(pix, dim=0).sum(dim=1), dim=0)
        model.cls.imprint_weights_step(step=self.task.step, features=F.normalize(acc, dim=1))


class DynamicWI(Trainer):
    """Weight generator in the style of Gidaris & Komodakis: attention over base weights."""

    def __init__(self, task, device, logger, opts):
        super().__init__(task, device, logger, opts)
        dim = self.model.head_channels
        n_base = task.get_n_classes()[0]
        self.gen = nn.Module()
        self.gen.a = nn.Parameter(F.normalize(torch.ones(dim, 1, 1), dim=0))
        self.gen.b = nn.Parameter(F.normalize(torch.ones(dim, 1, 1), dim=0))
        self.gen.keys = nn.Parameter(torch.randn(n_base, dim) * 0.01)
        self.gen.proj = nn.Linear(dim, dim)

    def new_weight(self, feats, base_weight):
        mixed = torch.zeros(feats.shape[1], 1, 1, device=self.device)
        for f in feats:
            q = self.gen.proj(f)
            keys = self.gen.keys / self.gen.keys.norm(dim=1, keepdim=True)
            att = (keys @ q).softmax(dim=0)
            mixed += (att.view(-1, 1, 1, 1) * base_weight).sum(dim=0)
        mixed /= len(feats)
        return self.gen.a * feats.mean(dim=0).view(-1, 1, 1) + self.gen.b * mixed
