# cosaudit corpus, synthetic file: same shape as da2so/Zero-shot_Knowledge_Distillation_Pytorch/ZSKD.py at bbd10d842b2c5f71de2fac3ebd6c04dc36b41f18 (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch
import torch.nn.functional as F


class ZeroShotDistiller:
    """Synthesise data impressions from a trained teacher, then hand them to a student."""

    def __init__(self, teacher, n_classes=10, shape=(3, 32, 32), betas=(1.0, 0.1), steps=1500, lr=0.05):
        self.teacher = teacher
        self.n_classes = n_classes
        self.shape = shape
        self.betas = betas
        self.steps = steps
        self.lr = lr

    def _final_linear(self):
        # walk down the last child until we reach an actual layer
        layer = list(self.teacher.children())[-1]
        while isinstance(layer, torch.nn.Sequential):
            layer = list(layer.children())[-1]
        return layer

    def concentration(self):
        w = next(self._final_linear().parameters())  # (classes, features)
        unit = F.normalize(w, dim=1)
        sim = unit @ unit.t()
        lo = sim.min(dim=1, keepdim=True).values
        hi = sim.max(dim=1, keepdim=True).values
        return (sim - lo) / (hi - lo)

    def impressions(self, batch=32):
        conc = self.concentration()
        bce = torch.nn.BCELoss()
        for k in range(self.n_classes):
            for beta in self.betas:
                target = torch.distributions.Dirichlet(beta * conc[k]).sample((batch,))
                x = torch.randn(batch, *self.shape, requires_grad=True)
                opt = torch.optim.Adam([x], lr=self.lr)
                for _ in range(self.steps):
                    opt.zero_grad()
                    probs = torch.softmax(self.teacher(x) / 20.0, dim=1)
                    bce(probs, target).backward()
                    opt.step()
                yield x.detach(), target.argmax(dim=1)
