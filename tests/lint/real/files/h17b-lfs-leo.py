# cosaudit corpus, synthetic file: same shape as RL-VIG/LibFewShot/core/model/meta/leo.py at 067efb7f4bc06f9e5e95621a679e8e9c2d979ab7 (licence MIT); new code, no text copied.
"""Latent Embedding Optimisation: decode per-class classifier weights from a
low-dimensional latent, adapt the latent on the support set, classify the
queries with the decoded weights."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from core.model.meta.meta_model import MetaModel


def draw(params, size):
    mean, var = params[..., :size], params[..., size:]
    return mean + var * torch.randn_like(mean)


def decoder_orthogonality(weight):
    gram = weight @ weight.t()
    norms = weight.norm(dim=1, keepdim=True) + 1e-20
    corr = gram / (norms @ norms.t())
    return ((corr - torch.eye(corr.size(0), device=weight.device)) ** 2).mean()


class LatentDecoder(nn.Module):
    def __init__(self, feat_dim, hid_dim):
        super().__init__()
        self.out = nn.Linear(hid_dim, 2 * feat_dim)

    def forward(self, z):
        return self.out(z)


class LEO(MetaModel):
    def __init__(self, inner_para, feat_dim, hid_dim, kl_weight, encoder_penalty_weight,
                 orthogonality_penalty_weight, **kwargs):
        super().__init__(**kwargs)
        self.feat_dim = feat_dim
        self.encoder = nn.Linear(feat_dim, 2 * hid_dim)
        self.decoder = LatentDecoder(feat_dim, hid_dim)
        self.inner_para = inner_para
        self.kl_weight = kl_weight
        self.encoder_penalty_weight = encoder_penalty_weight
        self.ortho_weight = orthogonality_penalty_weight

    def class_weights(self, support, labels):
        latent = draw(self.encoder(support), self.encoder.out_features // 2)
        per_class = torch.stack([latent[:, labels[0] == c].mean(1) for c in range(self.way_num)], dim=1)
        w = draw(self.decoder(per_class), self.feat_dim)       # [episodes, way, feat]
        return w.permute(0, 2, 1)

    def set_forward_loss(self, batch):
        image, _ = batch
        feat = self.emb_func(image.to(self.device))
        support, query, s_lab, q_lab = self.split_by_episode(feat, mode=1)
        w = self.class_weights(support, s_lab)
        logits = torch.bmm(query, w).reshape(-1, self.way_num)
        loss = F.cross_entropy(logits, q_lab.reshape(-1))
        loss = loss + self.ortho_weight * decoder_orthogonality(next(iter(self.decoder.parameters())))
        return logits, (logits.argmax(1) == q_lab.reshape(-1)).float().mean(), loss
