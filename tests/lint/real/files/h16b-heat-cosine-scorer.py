# cosaudit corpus, synthetic file: same shape as MarcLafon/heatood/heat/scorers/cosine_similarity_scorer.py at 2b68ccdbd514913514ad917af77cbbacd31d6c13 (licence Apache-2.0); new code, no text copied.
import torch
import torch.nn.functional as F

import heat.lib as lib
from heat.scorers.abstract_scorer import AbastractOODScorer


class CosineHeadScorer(AbastractOODScorer):
    """Energy over cosines between a pooled feature and the classifier rows."""

    def __init__(self, pooling="avg", **kwargs):
        assert pooling in ("avg", "token")
        super().__init__(**kwargs)
        self.name = "CosineHead"
        self.pooling = pooling
        self.unit_rows = None

    def _fit(self, model, train_loader):
        rows = model.fc.weight
        self.unit_rows = rows / rows.norm(dim=1, keepdim=True)

    @torch.no_grad()
    def _score_batch(self, model, data, features_dataset=False):
        data = lib.to_device(data)
        if features_dataset:
            z = data[self.pooling].float()
        else:
            z = lib.get_features(model, data, layer_names=[self.layer_name])[self.pooling][-1]
        if self.use_react:
            z = z.clamp(max=self.react_threshold)
        return self.energy(z)

    def energy(self, z, labels=None):
        cos = F.normalize(z, dim=1) @ self.unit_rows.T
        return -torch.logsumexp(cos, dim=1)

    @property
    def has_sample(self):
        return False
