# Synthetic rewrite of the shape of psb485/HNPR-FSCIL:src/model/model_factory.py at ca0a4a9a9f2542f8ddc8adbcbbb226f86cd002bc (licence MIT); not the original text.
import pandas as pd
import torch
import torch.nn.functional as F
from torch import nn


class AngularModel(nn.Module):
    """Backbone + projector with an angular (cosine) base-class head and a margin on hard negatives."""

    def __init__(self, cfg, backbone, projector, feat_dim):
        super().__init__()
        self.cfg = cfg
        self.encoder = nn.Sequential(backbone, projector)
        self.angular_fc = nn.Linear(feat_dim, cfg.base_class, bias=False)
        nn.init.xavier_uniform_(self.angular_fc.weight)
        if cfg.use_static_topk:
            # neighbour table precomputed offline from a frozen IN1K / CLIP feature extractor
            self.neighbours = pd.read_csv(f"data/similarity/{cfg.dataset}_{cfg.static_feat_model}.csv", index_col=0)

    def get_angular_output(self, image, label):
        pivot = self.angular_fc.weight
        feat = self.encoder(image)
        cos_mat = F.linear(F.normalize(feat, p=2, dim=1), F.normalize(pivot, p=2, dim=1))
        return self.with_margin(cos_mat, label), feat

    def with_margin(self, cos_mat, label):
        k, m = self.cfg.penalty_k, self.cfg.penalty_m
        rows = torch.arange(cos_mat.size(0))
        if self.cfg.use_static_topk:
            picked = torch.tensor(self.neighbours.iloc[label.cpu().numpy(), 1 : k + 1].to_numpy())
        else:
            masked = cos_mat.detach().clone()
            masked[rows, label] = float("-inf")
            picked = masked.topk(k, dim=1).indices  # hardest wrong classes for this sample
        bump = torch.zeros_like(cos_mat)
        bump[rows[:, None].expand(-1, k), picked] = m
        return cos_mat + bump
