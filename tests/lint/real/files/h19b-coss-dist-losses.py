# Synthetic rewrite of the shape of paganpasta/coss-pytorch:losses.py at c0a753ffda7e711858e820a75024711c68bc7868 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


def row_cosine(a, b, eps=1e-8):
    return (a * b).sum(1) / (a.norm(dim=1) * b.norm(dim=1) + eps)


def row_pearson(a, b, eps=1e-8):
    return row_cosine(a - a.mean(1).unsqueeze(1), b - b.mean(1).unsqueeze(1), eps)


def dist_loss(z_s, z_t, cfg):
    """Relation match of predictions: per sample (inter) and per class (intra)."""
    p_s = (z_s / cfg.s_temp).softmax(dim=1)
    p_t = (z_t / cfg.t_temp).softmax(dim=1)
    inter = 1 - row_pearson(p_s, p_t).mean()
    intra = 1 - row_pearson(p_s.t(), p_t.t()).mean()
    return cfg.l_0 * inter + cfg.l_1 * intra


def dino_ce(t_out, s_out, cfg):
    target = F.softmax(t_out / cfg.t_temp, dim=-1)
    logp = F.log_softmax(s_out / cfg.s_temp, dim=-1)
    return -(target * logp).sum(dim=-1).mean()


def coss(t_feat, s_feat, cfg):
    """Cosine match of embeddings along the batch rows and along the feature columns."""
    def neg_dot(t, s):
        t = F.normalize(t, dim=-1, p=2) / cfg.t_temp
        s = F.normalize(s, dim=-1, p=2) / cfg.s_temp
        return -(t * s).sum(dim=-1)
    per_sample = neg_dot(t_feat, s_feat).mean()
    per_dim = neg_dot(t_feat.T, s_feat.T).mean()
    return cfg.l_0 * per_sample + cfg.l_1 * per_dim
