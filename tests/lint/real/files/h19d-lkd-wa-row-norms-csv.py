# Synthetic rewrite of the shape of Zi-Jian-Gao/Maintaining-Fairness-in-LKD-for-CIL:models/wa.py at ee476bdad8c65c506e02ffe3f0e3360cbeb9798a (licence NOASSERTION); not the original text.
import os
import pandas as pd
import torch
from torch import nn
from torch.nn import functional as F


class AlignedLearner:
    def __init__(self, net, log_path="row_norms.csv"):
        self.net = net
        self.norm_log = []          # one array of per-class weight norms per task
        self.log_path = log_path
        self.task = -1
        self.seen = 0
        self.total = 0

    def finish_task(self):
        self.prev_net = self.net.copy().freeze()
        self.seen = self.total
        # per-class norms of the output layer, disabled for now
        # W = self.net.fc.weight.data
        # row_norm = torch.norm(W, p=2, dim=1)
        # self.norm_log.append(row_norm.detach().cpu().numpy())
        # self.dump_norms()

    def dump_norms(self):
        frame = pd.DataFrame(self.norm_log[self.task])
        first = self.task == 0 or not os.path.exists(self.log_path)
        frame.to_csv(self.log_path, index=False, mode="w" if first else "a", header=first)

    def train_task(self, loader):
        self.task += 1
        self.fit(loader)
        if self.task > 0:
            self.net.weight_align(self.total - self.seen)

    def fit(self, loader):
        raise NotImplementedError


def pairwise_dist(x, eps=1e-12):
    sq = x.pow(2).sum(1)
    d = (sq[:, None] + sq[None, :] - 2 * x @ x.t()).clamp(min=eps).sqrt().clone()
    d[range(len(x)), range(len(x))] = 0
    return d


class AngleRelationLoss(nn.Module):
    def forward(self, stu, tea):
        with torch.no_grad():
            dt = F.normalize(tea[None] - tea[:, None], p=2, dim=2)
            ang_t = torch.bmm(dt, dt.transpose(1, 2)).flatten()
        ds = F.normalize(stu[None] - stu[:, None], p=2, dim=2)
        ang_s = torch.bmm(ds, ds.transpose(1, 2)).flatten()
        return F.smooth_l1_loss(ang_s, ang_t)
