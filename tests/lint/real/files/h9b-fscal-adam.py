# cosaudit corpus, synthetic file: same shape as dipamgoswami/FSCIL-Calibration/models/adam_adapter.py at fc4c232b61de9a522e996eb253909babcbe733d1 (licence MIT); new code, no text copied.
"""Few-shot class-incremental learner on a ViT with a cosine head: prototypes replace the head rows,
and new-class prototypes are nudged towards similar base classes."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class CosineHead(nn.Module):
    """Logits are sigma * cos(w_k, f): rows and features are normalised on every forward pass."""

    def __init__(self, dim, n_classes):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_classes, dim) * 0.01)
        self.sigma = nn.Parameter(torch.ones(1))

    def forward(self, f):
        return self.sigma * F.linear(F.normalize(f, dim=1), F.normalize(self.weight, dim=1))


class Learner:
    def __init__(self, backbone, dim, n_classes, n_base, calibrate=True, temp=16.0, alpha=0.9):
        self.backbone, self.head = backbone, CosineHead(dim, n_classes)
        self.n_base, self.calibrate, self.temp, self.alpha = n_base, calibrate, temp, alpha
        self.task = 0

    @torch.no_grad()
    def set_prototypes(self, loader, classes):
        feats, ys = [], []
        for x, y in loader:
            feats.append(self.backbone(x)["features"].cpu())
            ys.append(y)
        feats, ys = torch.cat(feats), torch.cat(ys)
        protos = torch.stack([feats[ys == c].mean(0) for c in classes])
        if not self.calibrate or self.task == 0:
            for i, c in enumerate(classes):
                self.head.weight.data[c] = protos[i]

        base = F.normalize(self.head.weight.data[: self.n_base].cpu(), dim=-1)
        new = F.normalize(protos, dim=-1)
        affinity = torch.softmax((new @ base.T) * self.temp, dim=1)

        if self.calibrate and self.task > 0:
            shift = F.normalize(affinity @ base, dim=-1)
            mixed = self.alpha * new + (1 - self.alpha) * shift
            for i, c in enumerate(classes):
                self.head.weight.data[c] = mixed[i]
        self.task += 1
        return affinity
