# Synthetic rewrite of the shape of zysong0113/SAVC:models/savc/Network.py at 1543c9c91d3f24949339a219d879d1ce7e70fa71 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class FewShotNet(nn.Module):
    """Backbone plus a bias-free head whose scores are scaled cosines in 'cos' mode."""

    def __init__(self, backbone, width, n_classes, mode="ft_cos", new_mode="avg_cos", tau=16.0, views=1):
        super().__init__()
        self.backbone = backbone
        self.mode = mode
        self.new_mode = new_mode
        self.tau = tau
        self.width = width
        self.head = nn.Linear(width, n_classes * views, bias=False)

    def embed(self, images):
        fmap = self.backbone(images)
        return F.adaptive_avg_pool2d(fmap, 1).flatten(1)

    def scores(self, images):
        z = self.embed(images)
        if "cos" in self.mode:
            unit_z = F.normalize(z, dim=-1)
            unit_w = F.normalize(self.head.weight, dim=-1)
            return self.tau * unit_z @ unit_w.t()
        if "dot" in self.mode:
            return self.head(z)
        raise ValueError(self.mode)

    @torch.no_grad()
    def imprint_new_classes(self, images, labels, new_classes, views=1):
        z = self.embed(images)
        rows = []
        for c in new_classes:
            for v in range(views):
                slot = c * views + v
                mean_vec = z[labels == slot].mean(0)
                self.head.weight.data[slot] = mean_vec
                rows.append(mean_vec)
        return torch.stack(rows)

    def session_logits(self, z, rows):
        if "dot" in self.new_mode:
            return z @ rows.t()
        if "cos" in self.new_mode:
            return self.tau * F.normalize(z, dim=-1) @ F.normalize(rows, dim=-1).t()
        raise ValueError(self.new_mode)
