# Synthetic rewrite of the shape of strangeralone/DCA-main:utils/helpers.py at c5730ea092fe234179b6fa5982eb8a38915be18f (licence NOASSERTION); not the original text.
"""伪标签工具：用软聚类中心的余弦距离细化源模型在目标域上的预测。"""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from scipy.spatial.distance import cdist


def pairwise_cos(a, b):
    """两组特征之间的余弦相似度矩阵。"""
    a = F.normalize(a)  # 按行做 L2 归一化
    b = F.normalize(b)
    return a.mm(b.t())


@torch.no_grad()
def refine_pseudo_labels(loader, backbone, bottleneck, head, device="cuda"):
    feats, probs = [], []
    for batch in loader:
        x = batch[0].to(device)
        f = bottleneck(backbone(x))
        feats.append(f.float().cpu())
        probs.append(head(f).float().cpu())
    feats = torch.cat(feats)
    probs = nn.Softmax(dim=1)(torch.cat(probs))
    _, guess = probs.max(1)

    # 特征加一维常数后按行归一化，距离用余弦
    feats = torch.cat([feats, torch.ones(feats.size(0), 1)], 1)
    feats = (feats.t() / feats.norm(p=2, dim=1)).t().numpy()

    n_cls = probs.size(1)
    weights = probs.numpy()
    for _ in range(2):
        # 每个类别的中心 = 以预测概率为权重的特征均值
        centers = weights.T.dot(feats)
        centers = centers / (1e-8 + weights.sum(axis=0)[:, None])
        counts = np.eye(n_cls)[guess].sum(axis=0)
        present = np.where(counts > 0)[0]
        dist = cdist(feats, centers[present], "cosine")
        guess = present[dist.argmin(axis=1)]
        weights = np.eye(n_cls)[guess]
    return guess.astype("int")
