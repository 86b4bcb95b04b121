"""OOD scores from the classifier's last layer, fetched by a helper of another module and unpacked into
weight and bias: the weight's rows are the labels' (fixed only up to a translation). The template-matching
score takes the cosine of each feature with every unit row; the energy score takes only logits.

Shape seen in public OOD-detection benchmarks; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from src import utils


class TemplateMatch:
    def __init__(self, model, study):
        _, self.w, self.b = utils.get_model_and_last_layer(model, study)

    @torch.no_grad()
    def scores(self, feats):
        bank = F.normalize(self.w, dim=1)
        return (F.normalize(feats, dim=1) @ bank.T).amax(dim=1)  # expect: COS120


def energy(model, feats):
    w, b = utils.get_last_layer(model)
    logits = feats @ w.T + b
    return torch.logsumexp(logits, dim=1)


def first_layer_norms(model):
    w, b = utils.get_first_layer(model)
    unit = F.normalize(w, dim=1)
    return unit @ unit.T
