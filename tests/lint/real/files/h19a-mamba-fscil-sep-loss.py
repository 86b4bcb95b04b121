# Synthetic rewrite of the shape of xiaojieli0903/Mamba-FSCIL:mmfscil/models/classifier.py at f253969ac3ea32a71cd3bfc242907ad69b1b0b9d (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F
from torch import nn


class IncrementalClassifier(nn.Module):
    def __init__(self, backbone, neck, head):
        super().__init__()
        self.backbone, self.neck, self.head = backbone, neck, head

    def forward_train(self, img, gt_label):
        feats = self.backbone(img)
        x, x_main, gates = self.neck(feats)  # gates: dict of per-sample scan parameters
        losses = {}
        is_base = gt_label < self.head.base_classes
        is_novel = ~is_base
        if is_base.any() and is_novel.any():
            self.add_separation_terms(losses, gates, is_base, is_novel)
        if is_base.any():
            losses["suppress_base"] = self.neck.w_supp * x_main[is_base].norm() / x_main[is_base].numel()
        losses.update(self.head.forward_train(x, gt_label))
        return losses

    def separation(self, params, is_base, is_novel):
        """Push the mean scan parameters of base-class and novel-class samples apart."""
        groups = torch.stack([
            params[is_base].mean(self.neck.avg_dim).flatten(),
            params[is_novel].mean(self.neck.avg_dim).flatten(),
        ])
        unit = F.normalize(groups, dim=-1)
        similarity_matrix = torch.matmul(unit, unit.transpose(0, 1))
        off = (torch.eye(similarity_matrix.size(0), device=params.device) - similarity_matrix).abs()
        return off.mean()

    def add_separation_terms(self, losses, gates, is_base, is_novel):
        if self.neck.w_sep <= 0:
            return
        for name in ("dt", "B", "C"):
            if gates.get(name) is not None:
                losses[f"sep_{name}"] = self.neck.w_sep * self.separation(gates[name], is_base, is_novel)
