# Synthetic rewrite of the shape of nathanjpaek/kb-pilot:KernelBench/KernelBench/level9/4925_Prototypes.py at 979057500e26382441abaa0b4bdfd53fe7cb7fb0 (licence NOASSERTION); not the original text.
import torch
from torch import nn
import torch.nn.functional as F


class ClassPrototypeHead(nn.Module):
    """Scores unit-length features against a bank of learnable class prototypes."""

    def __init__(self, feat_dim, n_classes, temperature=0.05):
        super().__init__()
        self.bank = nn.Linear(feat_dim, n_classes, bias=False)
        self.temperature = temperature

    def forward(self, feats):
        unit = F.normalize(feats, p=2, dim=1)
        scores = self.bank(unit)
        return scores / self.temperature


def sample_inputs():
    return [torch.rand(8, 16)]


def build_args():
    return [], {"feat_dim": 16, "n_classes": 5}


if __name__ == "__main__":
    args, kwargs = build_args()
    head = ClassPrototypeHead(*args, **kwargs)
    logits = head(*sample_inputs())
    print(logits.softmax(-1).shape)
