# cosaudit corpus, synthetic file: same shape as rxp613-dev/SFDA-Collapse-Detection/src/loss/orthogonal_prototype_regularization.py at 74fd5e4d5bb8c1ed8049eeeb3718df655fc59034 (licence MIT); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class OrthogonalPrototypeRegularization(nn.Module):
    """Penalty ||W_n W_n^T - I||_F^2 on the row-normalised classifier, plus monitoring statistics."""

    def __init__(self, num_classes, lam=0.05):
        super().__init__()
        self.lam = lam
        self.register_buffer("identity", torch.eye(num_classes))

    def forward(self, classifier_weights):
        W_norm = F.normalize(classifier_weights, p=2, dim=1)
        similarity_matrix = torch.mm(W_norm, W_norm.t())
        return self.lam * ((similarity_matrix - self.identity) ** 2).sum()

    @torch.no_grad()
    def statistics(self, classifier_weights):
        W_norm = F.normalize(classifier_weights, p=2, dim=1)
        similarity_matrix = torch.mm(W_norm, W_norm.t())
        off_diagonal = similarity_matrix[~self.identity.bool()]
        return {
            "mean_similarity": off_diagonal.mean().item(),
            "max_similarity": off_diagonal.max().item(),
        }
