# Synthetic rewrite of the shape of lenscloth/RKD:metric/loss.py at 0a6c3c0c190722d428322bf71703c0ae86c25242 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def pairwise_dist(e, squared=False, eps=1e-12):
    sq = e.pow(2).sum(dim=1)
    d = (sq.unsqueeze(1) + sq.unsqueeze(0) - 2 * e @ e.t()).clamp(min=eps)
    if not squared:
        d = d.sqrt()
    d = d.clone()
    d[range(len(e)), range(len(e))] = 0
    return d


class SpatialAttentionMatch(nn.Module):
    def forward(self, s_map, t_map):
        a_s = F.normalize(s_map.pow(2).mean(1).flatten(1))
        with torch.no_grad():
            a_t = F.normalize(t_map.pow(2).mean(1).flatten(1))
        return (a_s - a_t).pow(2).mean()


class TripletAngleDistill(nn.Module):
    """Match the angles formed by every triple of embeddings in a batch."""

    @staticmethod
    def _angles(emb):
        diffs = emb.unsqueeze(0) - emb.unsqueeze(1)          # N x N x C
        unit = F.normalize(diffs, p=2, dim=2)
        return torch.bmm(unit, unit.transpose(1, 2)).flatten()

    def forward(self, s_emb, t_emb):
        with torch.no_grad():
            target = self._angles(t_emb)
        return F.smooth_l1_loss(self._angles(s_emb), target)


class PairDistanceDistill(nn.Module):
    def forward(self, s_emb, t_emb):
        with torch.no_grad():
            td = pairwise_dist(t_emb)
            td = td / td[td > 0].mean()
        sd = pairwise_dist(s_emb)
        sd = sd / sd[sd > 0].mean()
        return F.smooth_l1_loss(sd, td)
