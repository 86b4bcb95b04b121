# cosaudit corpus, synthetic file: same shape as edadaltocg/detectors/src/detectors/methods/maxcosine.py at 1368042fa8737f4d29605f25ae1f69d44d4acb76 (licence Apache-2.0); new code, no text copied.
from typing import List, Optional, Union

import torch
from torch import Tensor

from detectors.methods.templates import DetectorWithFeatureExtraction


def best_class_mean_cosine(x: Tensor, means: Union[Tensor, List[Tensor]], eps=1e-7):
    if isinstance(means, list):
        means = torch.cat(means, dim=0)
    norms = x.norm(dim=-1, keepdim=True) @ means.norm(dim=-1, keepdim=True).T
    cos = (x @ means.T) / (norms + eps)
    return cos.max(dim=-1).values


class MaxCosineSimilarity(DetectorWithFeatureExtraction):
    """Hyperparameter-free OOD score: the largest cosine between a test feature
    and the training class means of the same layer (Techapanurak et al., ACCV 2020)."""

    def _layer_score(self, x: Tensor, layer_name: Optional[str] = None, index: Optional[int] = None):
        return best_class_mean_cosine(x, self.means[layer_name].to(x.device))

    def _fit_params(self) -> None:
        self.means = {}
        classes = torch.unique(self.train_targets).tolist()
        for name, feats in self.train_features.items():
            rows = [feats[self.train_targets == c].mean(0, keepdim=True)
                    for c in classes if (self.train_targets == c).any()]
            self.means[name] = torch.cat(rows, dim=0)
