# cosaudit corpus, synthetic file: same shape as facebookresearch/classifier-balancing/models/KNNClassifier.py at f162adef63fdf592d0b8a0f6e52bc481fc08785f (licence BSD-3-Clause); new code, no text copied.
import torch
import torch.nn as nn


class CentroidClassifier(nn.Module):
    def __init__(self, centroids, feat_mean, feat_type="cl2n", dist_type="cos"):
        super().__init__()
        self.register_buffer("centroids", centroids)
        self.register_buffer("feat_mean", feat_mean)
        self.feat_type, self.dist_type = feat_type, dist_type

    def forward(self, x):
        if self.feat_type == "cl2n":
            x = x - self.feat_mean
        x = x / x.norm(2, 1, keepdim=True)
        if self.dist_type == "cos":
            return self.cos_scores(x, self.centroids)
        return -torch.cdist(x, self.centroids) ** 2

    @staticmethod
    def cos_scores(A, B):
        return torch.mm(A, B.t()) / A.size(1)
