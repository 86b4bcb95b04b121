# Synthetic rewrite of the shape of Zoilsen/Comp-FSCIL:models/base/Network.py at 95a4417795030322e9a2586472109123114fe87a (licence MIT); not the original text.
import torch
import torch.nn.functional as F
from torch import nn


def cka_scores(feat, proto):
    """Linear CKA between each sample's spatial feature set and each class's primitive set."""
    feat = feat - feat.mean(dim=1, keepdim=True)      # [b, c, s]
    proto = proto - proto.mean(dim=1, keepdim=True)   # [k, c, t]
    f, p = feat[:, None], proto[None]
    cross = (f.transpose(2, 3) @ p).flatten(2).norm(dim=2) ** 2
    ff = (f.transpose(2, 3) @ f).flatten(2).norm(dim=2)
    pp = (p.transpose(2, 3) @ p).flatten(2).norm(dim=2)
    return cross / (ff * pp)


class PrimitiveHead(nn.Module):
    def __init__(self, n_cls, ch, side, tau_map=16.0, tau_reuse=16.0):
        super().__init__()
        self.fc_map = nn.Parameter(torch.empty(n_cls, ch, side, side))
        nn.init.kaiming_uniform_(self.fc_map, a=5 ** 0.5)
        self.tau_map, self.tau_reuse = tau_map, tau_reuse

    def logits(self, fmap, maps):
        k, c = maps.shape[:2]
        return self.tau_map * cka_scores(fmap.flatten(2), maps.reshape(k, c, -1))

    def reuse_loss(self, fmap, labels, n_base, new_maps):
        old = self.fc_map[: n_base].detach()
        k, c, h, w = new_maps.shape
        base_proto = old.flatten(2).transpose(1, 2).reshape(-1, c)
        novel_proto = new_maps.flatten(2).transpose(1, 2).reshape(-1, c)
        sims = - torch.cdist(novel_proto, base_proto, p=2) ** 2
        mix = torch.softmax(sims * self.tau_reuse, dim=-1)
        rebuilt = (mix @ base_proto).reshape(k, h, w, c).permute(0, 3, 1, 2)
        all_maps = torch.cat([old, rebuilt], dim=0)
        return F.cross_entropy(self.logits(fmap, all_maps), labels)
