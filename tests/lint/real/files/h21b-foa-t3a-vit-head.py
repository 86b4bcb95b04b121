# Synthetic rewrite of the shape of mr-eggplant/FOA:tta_library/t3a.py at c3dfb6a375a4da173bdfcb3e310ca584ae445b9b (licence NOASSERTION); not the original text.
"""Template-adjustment baseline for a timm ViT: the class token head seeds the templates."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from timm.models.vision_transformer import VisionTransformer


def strip_head(vit: VisionTransformer):
    vit.head = nn.Identity()
    if hasattr(vit, "head_dist"):
        vit.head_dist = None
    return vit


def entropy(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1)


class ViTTemplates(nn.Module):
    def __init__(self, vit: VisionTransformer, n_classes, keep):
        super().__init__()
        self.cls_head = vit.head
        self.backbone = strip_head(vit)
        rows = self.cls_head.weight.data
        out = self.cls_head(rows)
        self.rows, self.n_classes, self.keep = rows, n_classes, keep
        self.bank, self.bank_y, self.bank_h = rows, F.one_hot(out.argmax(1), n_classes).float(), entropy(out)

    def forward(self, x, adapt=True):
        z = self.backbone(x)
        if adapt:
            out = self.cls_head(z)
            self.bank = torch.cat([self.bank.to(z.device), z])
            self.bank_y = torch.cat([self.bank_y.to(z.device), F.one_hot(out.argmax(1), self.n_classes).float()])
            self.bank_h = torch.cat([self.bank_h.to(z.device), entropy(out)])
        picked = []
        cls = self.bank_y.argmax(1)
        for c in range(self.n_classes):
            idx = torch.nonzero(cls == c).flatten()
            picked.append(idx[torch.argsort(self.bank_h[idx])][: self.keep])
        picked = torch.cat(picked)
        self.bank, self.bank_y, self.bank_h = self.bank[picked], self.bank_y[picked], self.bank_h[picked]
        weights = F.normalize(self.bank, dim=1).T @ self.bank_y
        return z @ torch.nn.functional.normalize(weights, dim=0)
