# cosaudit corpus, synthetic file: same shape as SetaSouto/torchsight/torchsight/losses/disperse.py at a22aa5b00369c2692bf4fa537bce20144d14d5cb (licence NOASSERTION); new code, no text copied.
"""Penalty that spreads the class vectors of a detector's classification module apart.

The detector scores each class with embedding @ weights followed by a per-class sigmoid
(focal-loss head), so the class vectors here are not rows of a softmax head.
"""
import torch


class SpreadClassVectors(torch.nn.Module):
    """Mean positive cosine between distinct class vectors; 0 when all are orthogonal or opposed."""

    def forward(self, weights):
        # weights: (embedding_size, num_classes); column i is the vector of class i
        gram = weights.t() @ weights
        lengths = weights.norm(dim=0)
        cos = gram / (lengths.unsqueeze(1) * lengths.unsqueeze(0))
        n = weights.shape[1]
        cos[torch.arange(n), torch.arange(n)] = 0
        cos = cos.clamp(min=0)
        return cos.sum() / (2 * (n * n - n))
