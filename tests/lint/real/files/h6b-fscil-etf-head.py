# cosaudit corpus, synthetic file: same shape as NeuralCollapseApplications/FSCIL/mmfscil/models/ETFHead.py at 37a5475b5f35d9860ce660b22356466c79daddb0 (licence NOASSERTION); new code, no text copied.
import math

import numpy as np
import torch
import torch.nn as nn


def random_orthonormal(dim, n):
    q, _ = np.linalg.qr(np.random.randn(dim, n))
    return torch.tensor(q, dtype=torch.float32)


class FixedSimplexHead(nn.Module):
    """classifier frozen at a simplex equiangular tight frame; only the backbone learns"""

    def __init__(self, dim, n_classes):
        super().__init__()
        basis = random_orthonormal(dim, n_classes)
        centre = torch.eye(n_classes) - torch.full((n_classes, n_classes), 1.0 / n_classes)
        frame = basis @ centre * math.sqrt(n_classes / (n_classes - 1))
        self.register_buffer("frame", frame)

    def forward(self, feats):
        return feats @ self.frame

    def regression_target(self, labels):
        return self.frame[:, labels].t()
