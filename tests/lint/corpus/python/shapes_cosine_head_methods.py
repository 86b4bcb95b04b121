# expect: COS301
"""A cosine classifier's scores computed in a method that is not called `forward`: unit features against
the module's own unit layer rows, times the module's own temperature (`self.tau * unit_z @ unit_w.t()`,
which parses as `(self.tau * unit_z) @ unit_w.t()`), are that module's logits, so the lens is reported
as info (and, the file evaluating a cosine classifier, so is every cosine lens in it). The same product
against the rows of a model an object only holds is in `shapes_held_model_scaled_lens.py`.

Shape seen in public few-shot class-incremental code (SAVC-style networks); written for cosaudit's tests.
"""
import torch.nn as nn
import torch.nn.functional as F


class FewShotNet(nn.Module):
    def __init__(self, backbone, width, n_classes, tau=16.0):
        super().__init__()
        self.backbone = backbone
        self.head = nn.Linear(width, n_classes, bias=False)
        self.tau = tau

    def scores(self, images):
        unit_z = F.normalize(self.backbone(images), dim=-1)
        unit_w = F.normalize(self.head.weight, dim=-1)
        return self.tau * unit_z @ unit_w.t()  # expect: COS120

