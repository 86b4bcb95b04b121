"""Prototypes pooled per class from a softmax head's rows, scored by cosine at test time (T3A's templates,
TAST's centroids): the supports start as the trained head's rows, are made unit, summed or averaged per
class by an assignment matrix, and every feature is ranked against the unit prototypes. The head was
trained by a softmax, so a translation of its rows changes the prototypes' norms and directions, and with
them what the adapted model predicts, even inside its forward pass and even when that pass returns the
scores as logits. Beside them, the look-alikes that stay quiet: prototypes pooled from features only, a
cosine classifier whose own trained rows give its logits, and a raw (unnormalised) template product.

Shapes seen in public test-time-adaptation code (T3A and its copies in benchmarks); written for
cosaudit's tests.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TemplateAdjuster(nn.Module):
    def __init__(self, featurizer, classifier, num_classes):
        super().__init__()
        self.featurizer = featurizer
        self.classifier = classifier
        self.supports = self.classifier.weight.data
        seed = self.classifier(self.supports)
        self.labels = F.one_hot(seed.argmax(1), num_classes=num_classes).float()

    @torch.no_grad()
    def forward(self, x):
        z = self.featurizer(x)
        self.supports = torch.cat([self.supports, z])
        supports = F.normalize(self.supports, dim=1)
        weights = supports.T @ self.labels
        return z @ F.normalize(weights, dim=0)  # expect: COS120


class CentroidAdjuster(nn.Module):
    def __init__(self, featurizer, classifier):
        super().__init__()
        self.featurizer = featurizer
        self.bank = classifier.weight.data
        self.onehots = F.one_hot(classifier(self.bank).argmax(1)).float()

    def forward(self, x):
        z = F.normalize(self.featurizer(x), dim=1)
        centroids = (self.onehots / self.onehots.sum(0, keepdim=True)).T @ self.bank
        return z @ F.normalize(centroids, dim=1).T  # expect: COS120


def adapted_predictions(model, feats, pseudo_labels):
    bank = F.normalize(model.fc.weight.detach(), dim=1)
    templates = bank.t() @ pseudo_labels
    scores = feats @ F.normalize(templates, dim=0)  # expect: COS120
    return scores.argmax(1)


class FeaturePrototypes(nn.Module):
    """Prototypes of features only: no row of the head is pooled."""

    def forward(self, support_feats, support_labels, query):
        protos = support_labels.T @ support_feats
        return F.normalize(query, dim=1) @ F.normalize(protos, dim=1).T


class CosineHead(nn.Module):
    """A cosine classifier: its own trained rows give its logits."""

    def __init__(self, dim, num_classes):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(num_classes, dim))

    def forward(self, x):
        return 16.0 * F.normalize(x, dim=1) @ F.normalize(self.weight, dim=1).T


def raw_templates(model, feats, labels):
    templates = model.fc.weight.detach().T @ labels
    return feats @ templates  # raw template sums: logits, not cosines


class ClientAdjuster:
    """A federated client that seeds its bank in an evaluation method (not `__init__`), grows it in its
    forward pass and trims it in a helper that only reworks the bank: the seeding is read first."""

    def select_supports(self):
        keep = self.ent.argsort()[: self.filter_k]
        self.supports = self.supports[keep]
        self.labels = self.labels[keep]
        return self.supports, self.labels

    def forward(self, x):
        z = self.featurizer(x)
        p = self.classifier(z)
        self.supports = torch.cat([self.supports, z])
        self.labels = torch.cat([self.labels, F.one_hot(p.argmax(1), self.num_classes).float()])
        supports, labels = self.select_supports()
        weights = F.normalize(supports, dim=1).T @ labels
        return z @ F.normalize(weights, dim=0)  # expect: COS120

    def local_eval(self, model, loader):
        self.featurizer = model.featurizer
        self.classifier = model.classifier
        self.supports = self.classifier.weight.data
        self.labels = F.one_hot(self.classifier(self.supports).argmax(1), self.num_classes).float()
        return [self.forward(x).argmax(1) for x, _ in loader]


class ClientFeatureBank:
    """The same client whose bank is seeded with features only: quiet."""

    def select_supports(self):
        self.supports = self.supports[-self.filter_k :]
        return self.supports, self.labels[-self.filter_k :]

    def forward(self, x):
        z = self.featurizer(x)
        self.supports = torch.cat([self.supports, z])
        supports, labels = self.select_supports()
        weights = F.normalize(supports, dim=1).T @ labels
        return z @ F.normalize(weights, dim=0)

    def local_eval(self, model, warmup):
        self.featurizer = model.featurizer
        self.supports = self.featurizer(warmup)
        self.labels = F.one_hot(model.classifier(self.supports).argmax(1)).float()
