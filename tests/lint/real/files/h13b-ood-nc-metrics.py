# cosaudit corpus, synthetic file: same shape as cesar-claros/ood_systematic/src/neural_collapse.py at 63e7a09c258add45469d3f71f59a39c82e94511d (licence MIT); new code, no text copied.
"""Collapse statistics of a trained classifier, used as predictors of OOD-score quality."""
import numpy as np
import torch
from torchmetrics.functional.pairwise import pairwise_cosine_similarity

from src import utils


class CollapseStats:
    def __init__(self, module, study, cfg):
        self.k = cfg.data.num_classes
        _, self.w, self.b = utils.get_model_and_last_layer(module, study)  # head of the classifier
        self.means = None
        self.global_mean = None
        self.metrics = None

    def angle_spread(self, cos):
        off = cos[~torch.eye(cos.shape[0], dtype=torch.bool)]
        spread = off.std()
        gap = (off + 1.0 / (self.k - 1)).abs().mean()
        return spread, gap

    def etf_gap(self, a, b=None):
        target = (torch.eye(self.k) - torch.ones(self.k, self.k) / self.k) / np.sqrt(self.k - 1)
        gram = a @ a.T if b is None else a @ b.T
        return torch.linalg.norm(gram / torch.linalg.norm(gram) - target)

    def fit(self, feats, labels):
        self.global_mean = feats.mean(0)
        self.means = [feats[labels == c].mean(0) for c in range(self.k)]
        m = torch.vstack(self.means) - self.global_mean

        cos_means = pairwise_cosine_similarity(m, zero_diagonal=False)
        cos_rows = pairwise_cosine_similarity(self.w, zero_diagonal=False)
        spread_m, gap_m = self.angle_spread(cos_means)
        spread_w, gap_w = self.angle_spread(cos_rows)

        w_len = self.w.norm(dim=1)
        m_len = m.norm(dim=1)
        self.metrics = {
            "equiangular_means": spread_m, "max_angle_means": gap_m,
            "equiangular_rows": spread_w, "max_angle_rows": gap_w,
            "equinorm_rows": w_len.std() / w_len.mean(),
            "equinorm_means": m_len.std() / m_len.mean(),
            "etf_gap_rows": self.etf_gap(self.w / w_len[:, None]),
            "etf_gap_means": self.etf_gap(m / m_len[:, None]),
            "duality": torch.linalg.norm(self.w / self.w.norm() - m / m.norm()) ** 2,
            "bias_collapse": torch.linalg.norm(self.b + self.w @ self.global_mean),
        }
        return self.metrics
