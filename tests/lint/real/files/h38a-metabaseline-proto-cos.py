# Synthetic rewrite of the shape of yinboc/few-shot-meta-baseline:models/meta_baseline.py at b229ff288650bc8be0eb1ad70a2a2bc7c38c267c (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F

import registry
from heads import scaled_logits


@registry.add('episodic-proto')
class EpisodicProto(nn.Module):
    """Few-shot episode scorer: class prototypes are support-feature means."""

    def __init__(self, backbone, backbone_kw={}, mode='cos', scale=10., learn_scale=True):
        super().__init__()
        self.backbone = registry.build(backbone, **backbone_kw)
        self.mode = mode
        self.scale = nn.Parameter(torch.tensor(scale)) if learn_scale else scale

    def forward(self, support, query):
        s_lead, q_lead = support.shape[:-3], query.shape[:-3]
        chw = support.shape[-3:]
        emb = self.backbone(torch.cat([support.reshape(-1, *chw), query.reshape(-1, *chw)]))
        n_sup = s_lead.numel()
        f_sup = emb[:n_sup].view(*s_lead, -1)
        f_qry = emb[n_sup:].view(*q_lead, -1)

        protos = f_sup.mean(dim=-2)                 # one mean feature per way
        if self.mode == 'cos':
            protos = F.normalize(protos, dim=-1)
            f_qry = F.normalize(f_qry, dim=-1)
            how = 'dot'
        else:
            how = 'sqr'
        return scaled_logits(f_qry, protos, how, self.scale)
