# Synthetic rewrite of the shape of kyoyachuan/metafscil:metafscil/models.py at d97387bf2f1b2ce7aa313303a19c7406740516d6 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torchvision import models


def scaled_cosine_logits(feats, rows, scale, unit=True):
    if unit:
        feats = F.normalize(feats, p=2, dim=-1)
        rows = F.normalize(rows, p=2, dim=-1)
    return F.linear(feats, rows) * scale


class SessionHead(nn.Module):
    def __init__(self, dim, n_per_session, n_sessions):
        super().__init__()
        for s in range(n_sessions):
            setattr(self, f"fc{s}", nn.Linear(dim, n_per_session, bias=False))
        self.weight = nn.Parameter(torch.randn(n_per_session * n_sessions, dim) * 0.01)

    def forward(self, x, session=None):
        if session is None:
            return F.linear(x, self.weight)
        return getattr(self, f"fc{session}")(x)


class ModulatedNet(nn.Module):
    """Few-shot incremental learner; the head is a plain linear map unless use_cos is set."""

    def __init__(self, n_classes, use_cos=False, scale=None):
        super().__init__()
        self.use_cos = use_cos
        self.scale = scale
        self.backbone = models.resnet18()
        self.backbone.fc = nn.Identity()
        self.head = SessionHead(512, n_classes, 1)

    def forward(self, images, **kw):
        z = torch.flatten(self.backbone(images), 1)
        if self.use_cos:
            rows = getattr(self.head, f"fc{kw['session']}").weight if "session" in kw else self.head.weight
            return scaled_cosine_logits(z, rows, self.scale)
        return self.head(z, kw.get("session"))
