# Synthetic rewrite of the shape of KoyoImai/Class-Incremental-Decremental-Learning:models/resnet_cifar_lsf.py at 8be3cecc310359f49843b0319aea95d95fd2014f (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class TaskHeadNet(nn.Module):
    """Backbone plus one linear head per task; scores are cosines."""

    def __init__(self, encoder, feat_dim, classes_per_task, n_tasks):
        super().__init__()
        self.encoder = encoder
        self.n_tasks = n_tasks
        self.head = nn.ModuleList(
            [nn.Linear(feat_dim, classes_per_task, bias=True) for _ in range(n_tasks)]
        )

    def forward(self, images, upto=None):
        upto = self.n_tasks if upto is None else upto
        z = self.encoder(images)
        z_unit = F.normalize(z, p=2, dim=1)

        per_task = []
        for t in range(upto):
            w = self.head[t].weight          # (classes in task t, feat_dim)
            w_norm = F.normalize(w, p=2, dim=1)
            # the bias is dropped: the logit is the cosine itself
            per_task.append(F.linear(z_unit, w_norm))

        return torch.cat(per_task, dim=1), z
