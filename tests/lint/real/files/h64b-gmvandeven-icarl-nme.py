# Synthetic rewrite of the shape of GMvandeVen/continual-learning:models/cl/memory_buffer.py at e6d795aa81b9cef742b8de76cb71222d4d1ce00b (licence MIT); not the original text.
import torch
import torch.nn.functional as F


class ExemplarMeanClassifier:
    """Nearest-mean-of-exemplars prediction as in iCaRL, with optional unit-length features."""

    def __init__(self, encoder, unit_features=True):
        self.encoder = encoder
        self.unit = unit_features
        self.exemplars = []          # one tensor of stored images per class
        self.centres = None

    @torch.no_grad()
    def refresh_centres(self):
        centres = []
        for images in self.exemplars:
            z = self.encoder(images)
            if self.unit:
                z = F.normalize(z, p=2, dim=1)
            mu = z.mean(dim=0, keepdim=True)
            if self.unit:
                mu = F.normalize(mu, p=2, dim=1)
            centres.append(mu.squeeze(0))
        self.centres = torch.stack(centres)          # (n_classes, d)

    @torch.no_grad()
    def predict_scores(self, x, allowed=None):
        if self.centres is None:
            self.refresh_centres()
        centres = self.centres if allowed is None else self.centres[allowed]
        z = self.encoder(x)
        if self.unit:
            z = F.normalize(z, p=2, dim=1)
        # negative squared distance of every sample to every class centre
        return -((z.unsqueeze(1) - centres.unsqueeze(0)) ** 2).sum(dim=-1)
