# cosaudit corpus, synthetic file: same shape as ygr9237/FedDGH/source/hx_loss.py at caee5d94d080992cba45a0122ee3d9199e33d92c (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn


class CentroidCosineHead(nn.Module):
    def __init__(self, dim, n_classes, trainable=True):
        super().__init__()
        self.centres = nn.Parameter(torch.randn(n_classes, dim), requires_grad=trainable)

    def forward(self, feats):
        f = feats / feats.norm(dim=-1, keepdim=True)
        c = self.centres / self.centres.norm(dim=-1, keepdim=True)
        logits = f @ c.t()
        return logits
