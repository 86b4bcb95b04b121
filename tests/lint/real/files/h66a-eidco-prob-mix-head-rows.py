# Synthetic rewrite of the shape of zhyx12/EIDCo:clsda/models/cls_models/basic_mix_contrastive_model.py at 69dfd16a8ae6211d5a68b4b1e3e250087968de3a (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class FusionMixin:
    """Builds the vector fed to the contrastive branch from features and class probabilities."""

    fusion = "rebuild_frozen"
    rows_normalised = False
    temperature = 0.05

    def _head_rows(self, which, frozen):
        clf = self.student_clf if which == "student" else self.teacher_clf
        w = clf.out.weight
        return w.detach() if frozen else w

    def fuse(self, feat, prob, which="student"):
        if self.fusion == "prob":
            return prob
        if self.fusion == "feat":
            return feat
        if self.fusion == "rebuild":
            # probability-weighted sum of the raw class rows
            return prob @ self._head_rows(which, frozen=False)
        if self.fusion == "rebuild_frozen":
            w = self._head_rows(which, frozen=True)
            if not self.rows_normalised:
                w = F.normalize(w, dim=1)
            # the rebuilt vector is a convex mix of unit-length head rows
            return prob @ w
        if self.fusion == "rebuild_resoftmax":
            w = self._head_rows(which, frozen=True)
            if not self.rows_normalised:
                w = F.normalize(w, dim=1)
            p2 = F.softmax(feat @ w.t() / self.temperature, dim=1)
            return p2 @ w
        if self.fusion == "rebuild_l1":
            w = self._head_rows(which, frozen=False)
            c = feat @ w.t()
            c = c / c.sum(dim=1, keepdim=True)
            return c @ w.detach()
        raise ValueError(self.fusion)
