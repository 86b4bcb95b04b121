# cosaudit corpus, synthetic file: same shape as hunto/DIST_KD/segmentation/losses/dist_kd.py at 2418f18b1fedd7c2646a7b1b9a27d5c674c2170b (licence Apache-2.0); new code, no text copied.
import torch.nn as nn


def _cos(a, b, eps=1e-8):
    return (a * b).sum(1) / (a.norm(dim=1) * b.norm(dim=1) + eps)


def _pearson(a, b):
    return _cos(a - a.mean(1, keepdim=True), b - b.mean(1, keepdim=True))


class RelationDistill(nn.Module):
    """Match student and teacher predictions by correlation across classes and across samples."""

    def __init__(self, beta=1.0, gamma=1.0):
        super().__init__()
        self.beta, self.gamma = beta, gamma

    def forward(self, s_logits, t_logits):
        if s_logits.dim() == 4:
            k = s_logits.shape[1]
            s_logits = s_logits.permute(0, 2, 3, 1).reshape(-1, k)
            t_logits = t_logits.permute(0, 2, 3, 1).reshape(-1, k)
        p_s, p_t = s_logits.softmax(1), t_logits.softmax(1)
        across_classes = 1 - _pearson(p_s, p_t).mean()
        across_samples = 1 - _pearson(p_s.T, p_t.T).mean()
        return self.beta * across_classes + self.gamma * across_samples
