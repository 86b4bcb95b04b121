# cosaudit corpus, synthetic file: same shape as 01BB01/eBayChallenge/src/models/components/cossim.py at 2dec1d985b2827bc559fca46d595477d3b756482 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class CentroidCosine(nn.Module):
    """Scores = cosine(feature, class centroid) / temperature."""

    def __init__(self, in_dim, n_classes, temperature=1.0, learn_temperature=False):
        super().__init__()
        self.centroids = nn.Parameter(torch.randn(n_classes, in_dim))
        t = torch.tensor(float(temperature))
        self.temperature = nn.Parameter(t) if learn_temperature else t

    def forward(self, x):
        feats = F.normalize(x, dim=-1)
        cents = F.normalize(self.centroids, dim=-1)
        logits = feats @ cents.T
        return logits / self.temperature
