# Synthetic rewrite of the shape of zhyx12/CRCo:CRCo/trainers/trainer_sfda_class_relation.py at d4611eb0bdb8c10094df149fe3b7a2b2a544dd3f (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import weight_norm


class SourceHead(nn.Module):
    """Softmax classifier trained on the source domain (weight-normalised linear, with bias)."""

    def __init__(self, n_classes, dim=256):
        super().__init__()
        self.fc = weight_norm(nn.Linear(dim, n_classes), name="weight")

    def forward(self, z):
        return self.fc(z)


def relation_weighted_similarity(p, q, relation, pairwise=True):
    """Similarity of two prediction vectors that credits related classes: sum_ij p_i q_j R_ij."""
    if pairwise:
        return torch.einsum("ai,bj,ij->ab", p, q, relation)
    return torch.einsum("ai,aj,ij->a", p, q, relation).unsqueeze(1)


class ClassRelationTrainer:
    def __init__(self, backbone, head, n_classes, off_diagonal_scale=1.0, device="cpu"):
        self.backbone = backbone
        self.head = head
        self.n_classes = n_classes
        self.off_diagonal_scale = off_diagonal_scale
        self.device = device
        self.relation = None

    def class_relation_from_head(self):
        # direction of every source class row, compared class against class
        directions = self.head.fc.weight_v.detach()
        unit = F.normalize(directions)
        cos = unit @ unit.t()
        eye = torch.eye(self.n_classes, device=self.device)
        return eye + (1 - eye) * cos * self.off_diagonal_scale

    def step(self, weak, strong, tau=0.07):
        if self.relation is None:
            self.relation = self.class_relation_from_head()
        p_weak = self.head(self.backbone(weak)).softmax(1)
        p_strong = self.head(self.backbone(strong)).softmax(1)
        pos = relation_weighted_similarity(p_strong, p_weak.detach(), self.relation, pairwise=False)
        neg = relation_weighted_similarity(p_strong, p_weak.detach(), self.relation)
        logits = torch.cat([pos, neg], 1) / tau
        target = torch.zeros(logits.size(0), dtype=torch.long, device=logits.device)
        return F.cross_entropy(logits, target)
