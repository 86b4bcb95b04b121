# Synthetic rewrite of the shape of SforAiDl/KD_Lib:KD_Lib/KD/vision/RKD/loss_metric.py at a94d236050e81965d7e0c03d7dee3b63e67b675a (licence MIT); not the original text.
# Relational knowledge distillation: the student copies the teacher's geometry of a
# batch, i.e. normalised pairwise distances and the cosines of angles formed by
# triplets of per-sample outputs. Only per-sample outputs/features enter the cosines.
import torch
import torch.nn as nn
import torch.nn.functional as F


def batch_distances(z):
    sq = z.pow(2).sum(dim=1)
    d = (sq.unsqueeze(0) + sq.unsqueeze(1) - 2.0 * (z @ z.t())).clamp(min=1e-10).sqrt()
    d = d.clone()
    d.fill_diagonal_(0.0)
    return d


class DistanceRelation(nn.Module):
    def forward(self, t_out, s_out):
        with torch.no_grad():
            td = batch_distances(t_out)
            td = td / (td[td > 0].mean() + 1e-7)
        sd = batch_distances(s_out)
        sd = sd / (sd[sd > 0].mean() + 1e-7)
        return F.smooth_l1_loss(sd, td)


class AngleRelation(nn.Module):
    def forward(self, t_out, s_out, unit=True):
        with torch.no_grad():
            tv = t_out.unsqueeze(0) - t_out.unsqueeze(1)          # (n, n, d) difference vectors
            if unit:
                tv = F.normalize(tv, p=2, dim=2)
            t_ang = torch.bmm(tv, tv.transpose(1, 2)).reshape(-1)
        sv = s_out.unsqueeze(0) - s_out.unsqueeze(1)
        if unit:
            sv = F.normalize(sv, p=2, dim=2)
        s_ang = torch.bmm(sv, sv.transpose(1, 2)).reshape(-1)
        return F.smooth_l1_loss(s_ang, t_ang)


class RelationalKD(nn.Module):
    def __init__(self, w_dist=0.5, w_angle=0.5, unit=True):
        super().__init__()
        self.w_dist, self.w_angle, self.unit = w_dist, w_angle, unit
        self.dist, self.angle = DistanceRelation(), AngleRelation()

    def forward(self, t_out, s_out):
        return self.w_angle * self.angle(t_out, s_out, self.unit) + self.w_dist * self.dist(t_out, s_out)
