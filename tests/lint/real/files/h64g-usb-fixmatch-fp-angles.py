# Synthetic rewrite of the shape of abeier87/USB:semilearn/algorithms/fixmatch_fp/fixmatch_fp.py at 60fd1074b2175303f15af4d44c79b01f9509564a (licence MIT); not the original text.
import torch


class PriorFromHeadAngles:
    """Semi-supervised trainer piece: guess the class frequencies from how far
    apart the classifier's class vectors point, then shift the logits by them."""

    def __init__(self, model, warm_epochs=5):
        self.model = model
        self.warm_epochs = warm_epochs
        self.epoch = 0

    def angle_prior(self, rows):
        # unit-length class vectors, one per label
        lengths = rows.norm(dim=1, keepdim=True)
        unit_rows = rows / lengths
        # pairwise cosines between the label vectors
        cos_table = unit_rows @ unit_rows.t()
        cos_table = cos_table.clamp(-1.0, 1.0)
        angles = torch.arccos(cos_table)
        n_labels = angles.size(0)
        spread = torch.empty(n_labels, device=rows.device)
        for k in range(n_labels):
            others = torch.arange(n_labels, device=rows.device) != k
            spread[k] = angles[k, others].mean()
        return spread / spread.sum()

    def shift_logits(self, scores):
        head_rows = self.model.module.backbone.classifier.weight
        with torch.no_grad():
            prior = self.angle_prior(head_rows)
        return scores + prior.log()

    def step(self, labelled_scores, weak_scores, strong_scores):
        if self.epoch >= self.warm_epochs:
            labelled_scores = self.shift_logits(labelled_scores)
            weak_scores = self.shift_logits(weak_scores)
            strong_scores = self.shift_logits(strong_scores)
        return labelled_scores, weak_scores, strong_scores
