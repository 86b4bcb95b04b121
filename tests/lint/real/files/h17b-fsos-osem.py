# cosaudit corpus, synthetic file: same shape as ebennequin/few-shot-open-set/src/all_in_one/osem.py at 9240a4e630874c50459e069db609db9163a81c03 (licence MIT); new code, no text copied.
"""Transductive few-shot open-set classifier: EM over class prototypes with
a soft inlier/outlier variable for every query."""
from typing import Tuple

import torch
import torch.nn.functional as F
from torch import Tensor

from easyfsl.utils import compute_prototypes


class PrototypeEM:
    def __init__(self, inference_steps=10, lambda_s=0.05, lambda_z=0.1, ema_weight=1.0):
        self.steps = inference_steps
        self.lambda_s = lambda_s
        self.lambda_z = lambda_z
        self.ema = ema_weight

    @staticmethod
    def cos(a, b):
        return F.normalize(a, dim=-1) @ F.normalize(b, dim=-1).T

    def logits(self, protos: Tensor, queries: Tensor) -> Tensor:
        return self.cos(queries, protos)

    def __call__(self, support: Tensor, queries: Tensor, support_labels: Tensor,
                 query_labels: Tensor = None) -> Tuple[Tensor, Tensor, Tensor]:
        protos = compute_prototypes(support, support_labels)
        n_way = protos.size(0)
        inlier = torch.full((queries.size(0),), 0.5)
        log = []
        for _ in range(self.steps):
            assign = F.softmax(self.logits(protos, queries) / self.lambda_s, dim=1)
            outlier_logit = -self.logits(protos, queries).max(1).values / self.lambda_z
            inlier = torch.sigmoid(-outlier_logit)
            weights = torch.cat([F.one_hot(support_labels, n_way).float(),
                                 inlier[:, None] * assign], dim=0)
            feats = torch.cat([support, queries], dim=0)
            new = (weights.T @ feats) / weights.sum(0)[:, None]
            protos = self.ema * new + (1 - self.ema) * protos
            if query_labels is not None:
                truth = compute_prototypes(queries, query_labels)
                log.append(F.cosine_similarity(protos, truth, dim=-1).mean())
        return self.logits(protos, queries).softmax(-1), 1 - inlier, torch.tensor(log)
