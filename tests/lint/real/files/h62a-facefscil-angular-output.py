# Synthetic rewrite of the shape of aryntmr/Few-Shot-Class-Incremental-Learning-for-Large-Scale-Face-Recognition:pkd/models/lwf_net.py at af79f0c03c2a0f87243a40c7d673531272236549 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class NeckedHead(nn.Module):
    """BatchNorm neck followed by a bias-free linear identity classifier."""

    def __init__(self, dim, n_ids):
        super().__init__()
        self.neck = nn.BatchNorm1d(dim)
        self.neck.bias.requires_grad_(False)
        self.fc = nn.Linear(dim, n_ids, bias=False)

    def forward(self, z):
        z_bn = self.neck(z)
        return z_bn, self.fc(z_bn)


class StepwiseFaceNet(nn.Module):
    def __init__(self, backbone, pool, dim, ids_per_step):
        super().__init__()
        self.backbone = backbone
        self.pool = pool
        self.heads = nn.ModuleDict(
            {f"step{s}": NeckedHead(dim, n) for s, n in enumerate(ids_per_step)}
        )

    def embed(self, images):
        return self.pool(self.backbone(images))

    def id_logits(self, z, step):
        return self.heads[f"step{step}"](z)[1]

    def margin_cosines(self, images, step=0):
        # inputs to an ArcFace-style angular-margin loss: unit features vs unit identity rows
        z = self.embed(images)
        rows = self.heads[f"step{step}"].fc.weight
        return F.linear(F.normalize(z, p=2, dim=1), F.normalize(rows, p=2, dim=1))
