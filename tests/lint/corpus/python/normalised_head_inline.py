# expect: COS301
"""Few-shot class-incremental network whose logits are cosines written inline (NormFace without a
class name): `F.linear(F.normalize(x), F.normalize(self.fc.weight))` in the forward pass. Translating
the rows is no symmetry of this model, so what the calibration computes from its rows is reported at
info level, as for an ArcFace head.

Shape seen in public FSCIL code (prototype calibration); written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F


class Net(torch.nn.Module):
    def __init__(self, encoder, dim, classes, temperature=16.0):
        super().__init__()
        self.encoder = encoder
        self.fc = torch.nn.Linear(dim, classes, bias=False)
        self.temperature = temperature

    def forward(self, x):
        feats = self.encoder(x)
        return self.temperature * F.linear(F.normalize(feats, dim=-1), F.normalize(self.fc.weight, dim=-1))

    def calibrate(self, n_base, lo, hi):
        base = F.normalize(self.fc.weight.data[:n_base], dim=-1)
        new = F.normalize(self.fc.weight.data[lo:hi], dim=-1)
        mix = torch.softmax(new @ base.T * 16, dim=1)  # expect: COS101
        self.fc.weight.data[lo:hi] = F.normalize(0.5 * new + 0.5 * (mix @ base), dim=-1)
