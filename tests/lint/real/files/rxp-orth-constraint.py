# cosaudit corpus, synthetic file: same shape as rxp613-dev/SFDA-Collapse-Detection/src/loss/orthogonal_prototype_constraint.py at 74fd5e4d5bb8c1ed8049eeeb3718df655fc59034 (licence MIT); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class OrthogonalPrototypeConstraint(nn.Module):
    """Keeps the class prototypes (rows of the classifier) apart during source-free adaptation."""

    def __init__(self, weight=0.1):
        super().__init__()
        self.weight = weight

    def forward(self, classifier_weights):
        C, _ = classifier_weights.shape
        # L2-normalise the classifier rows: P_c / ||P_c||
        normalized = F.normalize(classifier_weights, p=2, dim=1)
        # inter-class cosine similarity matrix S = P P^T
        similarity_matrix = torch.mm(normalized, normalized.t())
        eye = torch.eye(C, device=classifier_weights.device)
        return self.weight * torch.norm(similarity_matrix - eye, p="fro") ** 2

    @torch.no_grad()
    def most_similar_pairs(self, classifier_weights, k=5):
        normalized = F.normalize(classifier_weights, p=2, dim=1)
        sims = torch.triu(normalized @ normalized.t(), diagonal=1)
        flat = sims.flatten().topk(k)
        C = classifier_weights.shape[0]
        return [(int(i) // C, int(i) % C, float(v)) for i, v in zip(flat.indices, flat.values)]
