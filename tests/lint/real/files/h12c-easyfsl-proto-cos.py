# cosaudit corpus, synthetic file: same shape as sicara/easy-few-shot-learning/easyfsl/methods/few_shot_classifier.py at 8023ff49a02a68830c10a21b8eb908cb33bdf1b9 (licence MIT); new code, no text copied.
from typing import Optional

import torch
from torch import Tensor, nn


class EpisodeClassifier(nn.Module):
    """Shared logic of prototype-based few-shot methods: store a support set, score queries against class means."""

    def __init__(self, backbone: Optional[nn.Module] = None, use_softmax: bool = False,
                 centering: Optional[Tensor] = None, norm_p: Optional[float] = None):
        super().__init__()
        self.backbone = backbone if backbone is not None else nn.Identity()
        self.use_softmax = use_softmax
        self.centering = centering if centering is not None else torch.tensor(0.0)
        self.norm_p = norm_p
        self.prototypes = torch.tensor(())

    def embed(self, images: Tensor) -> Tensor:
        z = self.backbone(images) - self.centering
        return nn.functional.normalize(z, p=self.norm_p, dim=1) if self.norm_p is not None else z

    def maybe_softmax(self, scores: Tensor, temperature: float = 1.0) -> Tensor:
        return (temperature * scores).softmax(-1) if self.use_softmax else scores

    def euclidean_scores(self, feats: Tensor) -> Tensor:
        return -torch.cdist(feats, self.prototypes)

    def cosine_scores(self, feats: Tensor) -> Tensor:
        return (
            nn.functional.normalize(feats, dim=1)
            @ nn.functional.normalize(self.prototypes, dim=1).T
        )

    def fit_support(self, images: Tensor, labels: Tensor) -> None:
        feats = self.embed(images)
        n_way = int(labels.max()) + 1
        self.prototypes = torch.stack([feats[labels == k].mean(0) for k in range(n_way)])
