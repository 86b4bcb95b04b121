# Synthetic rewrite of the shape of WwZzz/easyFL:resources/algorithm/gpfl.py at ea07f1d082efacca2eff27ee401a7ab4ec604825 (licence Apache-2.0); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class GuidedModel(nn.Module):
    """Encoder + conditional modulation + classifier head, plus a separate table of class anchors."""

    def __init__(self, encoder, head, modulator, n_classes, dim):
        super().__init__()
        self.encoder = encoder
        self.head = head                                  # the softmax classifier
        self.modulator = modulator
        self.anchors = nn.Embedding(n_classes, dim)       # learned class anchors, not the head
        self.global_cond = self.anchors.weight.data.mean(0)
        self.local_cond = self.anchors.weight.data.mean(0)

    def forward(self, x):
        h = self.encoder(x)
        g_scale, g_shift = self.modulator(h, self.global_cond.to(x.device))
        p_scale, p_shift = self.modulator(h, self.local_cond.to(x.device))
        h_global = F.relu((g_scale + 1) * h + g_shift)
        h_personal = F.relu((p_scale + 1) * h + p_shift)
        logits = self.head(h_personal)
        return (logits, h_global, h_personal) if self.training else logits


def anchor_angle_loss(feat, label, anchor_table):
    # softmax over cosines between one feature and every class anchor
    sims = torch.exp(F.cosine_similarity(feat.unsqueeze(0), anchor_table, dim=-1))
    return -torch.log(sims[label] / sims.sum())


def client_step(model, xb, yb, frozen_anchors, lam=0.01, mu=0.01):
    for p in model.head.parameters():
        p.requires_grad_(False)
    logits, h_g, _ = model(xb)
    guide = sum(anchor_angle_loss(h_g[i], int(yb[i]), model.anchors.weight) for i in range(len(yb))) / len(yb)
    pull = ((h_g - frozen_anchors(yb)) ** 2).sum() / len(yb)
    reg = model.anchors.weight.norm() + sum(p.norm() for p in model.modulator.parameters())
    return F.cross_entropy(logits, yb) + guide + lam * pull + mu * reg
