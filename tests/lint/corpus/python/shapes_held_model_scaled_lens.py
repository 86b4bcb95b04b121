# expect: COS301
"""A cosine lens scaled by a temperature in a method of an object that only holds a model: features
against the normalised rows of that model's head (`self.model.fc.weight`), times the object's own
temperature, are no logits of the object's own layer but an analysis of the held model's head, so the
lens stays a warning (compare `shapes_cosine_head_methods.py`, where the rows are the module's own).

Written for cosaudit's tests.
"""
import torch.nn.functional as F


class HeadProbe:
    def __init__(self, model, tau=16.0):
        self.model = model
        self.tau = tau

    def lens(self, feats):
        unit_w = F.normalize(self.model.fc.weight, dim=-1)
        return self.tau * F.normalize(feats, dim=-1) @ unit_w.t()  # expect: COS120
