# cosaudit corpus, synthetic file: same shape as KevinMusgrave/pytorch-metric-learning/src/pytorch_metric_learning/regularizers/regular_face_regularizer.py at 216a792c22b0154d3d3bf008a7317edc7d677e71 (licence MIT); new code, no text copied.
import torch

from ..distances import CosineSimilarity
from .base_regularizer import BaseRegularizer


class NearestClassRepulsion(BaseRegularizer):
    """Penalise, for every class vector, its closest other class vector (exclusive regularisation)."""

    def get_default_distance(self):
        return CosineSimilarity()

    def compute_loss(self, weights):
        k = weights.shape[0]
        cos = self.distance(weights)
        with torch.no_grad():
            masked = cos.clone()
            masked.fill_diagonal_(float("-inf"))
            nearest = masked.argmax(dim=1)
            pick = torch.zeros_like(cos)
            pick[torch.arange(k, device=cos.device), nearest] = 1
        per_class = (cos * pick).sum(dim=1)
        return {"loss": {"losses": per_class, "indices": torch.arange(k), "reduction_type": "element"}}
