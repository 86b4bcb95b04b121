"""A helper method called on `self` with the head (`self._coherence(W)`), as analysis classes in
neural-collapse code do; the look-alikes stay quiet: the same helper given class means, a static
helper given hidden states, and a helper that takes the difference of two rows.

Shapes seen in public analysis code; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F


class CollapseReport:
    def __init__(self, model, class_means):
        self.model = model
        self.class_means = class_means

    def _coherence(self, rows):
        unit = F.normalize(rows, dim=1)
        return (unit @ unit.T).triu(1).abs().mean()

    @staticmethod
    def _spread(rows):
        return rows.std(dim=0).mean()

    def _contrast(self, rows, a, b):
        return (rows[a] - rows[b]).norm()

    def classifier_coherence(self):
        W = self.model.fc.weight.detach()
        return self._coherence(W)  # expect: COS101

    def means_coherence(self):
        return self._coherence(self.class_means - self.class_means.mean(0))

    def hidden_spread(self, hidden):
        return self._spread(hidden)

    def logit_gap_direction(self):
        return self._contrast(self.model.fc.weight, 0, 1)
