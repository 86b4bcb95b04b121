# Synthetic rewrite of the shape of ihaeyong/SoftNet-FSCIL:methods/WSN_cub_model.py at ae640f57e1e6b5111e0fd56918b0212f828f5095 (licence MIT); not the original text.
import numpy as np
import torch
import torch.nn.functional as F


def pair_norm_cosine_distances(a, b):
    """1 - cos for every pair of rows of a and b."""
    return 1.0 - F.normalize(a, dim=-1) @ F.normalize(b, dim=-1).t()


class SubnetIncrementalModel:
    def __init__(self, net, n_base, use_cosine=True):
        self.net, self.n_base, self.use_cosine = net, n_base, use_cosine
        self.class_means = {}  # label -> mean embedding of that class (NCM prototypes)

    def add_session(self, feats, labels):
        for y in labels.unique():
            self.class_means[int(y)] = feats[labels == y].mean(0)

    def proto_geometry(self, feat, protos):
        """For one test embedding: closest base class, closest novel class, and how far apart those two prototypes are."""
        gap = pair_norm_cosine_distances(feat, protos)
        base_best, b_idx = gap[0, : self.n_base].topk(1)
        if protos.size(0) > self.n_base:
            novel_best, n_idx = gap[0, self.n_base :].topk(1)
            dist_proto = pair_norm_cosine_distances(protos[b_idx], protos[self.n_base + n_idx]).mean().item()
        else:
            novel_best, dist_proto = base_best * 0, 0.0
        alpha = float(np.exp(-abs(base_best.item() - novel_best.item())))
        return base_best, novel_best, alpha, dist_proto

    @torch.no_grad()
    def ncm_predict(self, x):
        keys = sorted(self.class_means)
        protos = torch.stack([self.class_means[k] for k in keys])
        feat = self.net(x)
        gap = pair_norm_cosine_distances(feat, protos) if self.use_cosine else torch.cdist(feat, protos)
        return torch.tensor(keys)[gap.argmin(dim=1)], self.proto_geometry(feat, protos)
