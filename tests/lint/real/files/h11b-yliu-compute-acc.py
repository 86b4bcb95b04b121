# cosaudit corpus, synthetic file: same shape as yaoyao-liu/class-incremental-learning/adaptive-aggregation-networks/utils/incremental/compute_accuracy.py at 6a92ab08170abaaaf791d91e00ba195a5c38672f (licence MIT); new code, no text copied.
"""Accuracies of an incremental learner: its own head, and nearest class-mean prototypes."""
import numpy as np
import torch
import torch.nn.functional as F
from scipy.spatial.distance import cdist


@torch.no_grad()
def compute_accuracy(model, feature_model, class_means, loader, device, scale=None):
    model.eval()
    hits = {"fc": 0, "proto": 0, "proto_cos": 0, "proto_cos2": 0, "ncm": 0}
    seen = 0
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        seen += y.size(0)
        probs = F.softmax(model(x), dim=1)
        if scale is not None:
            probs = probs / scale.repeat(probs.shape[0], 1).float().to(device)
        hits["fc"] += probs.argmax(1).eq(y).sum().item()

        feats = torch.squeeze(feature_model(x)).cpu()
        d = cdist(class_means[:, :, 0].T, feats, "sqeuclidean")
        hits["proto"] += torch.from_numpy(-d.T).argmax(1).to(device).eq(y).sum().item()
        d_cos = cdist(class_means[:, :, 0].T, feats, "cosine")
        hits["proto_cos"] += torch.from_numpy(-d_cos.T).argmax(1).to(device).eq(y).sum().item()
        protos = torch.from_numpy(np.float32(class_means[:, :, 0].T)).to(device)
        s = F.linear(F.normalize(feats.to(device), p=2, dim=1), F.normalize(protos, p=2, dim=1))
        hits["proto_cos2"] += s.argmax(1).eq(y).sum().item()
        d_ncm = cdist(class_means[:, :, 1].T, feats, "sqeuclidean")
        hits["ncm"] += torch.from_numpy(-d_ncm.T).argmax(1).to(device).eq(y).sum().item()
    return {k: 100.0 * v / seen for k, v in hits.items()}
