# expect: COS301
"""Scores of features against every unit class row that are then trained as logits (SoftNet-style
FSCIL code: `norm_cosine_similarity(features, weights, sigma)` fed to the cross-entropy): the model is
a cosine classifier, which normalises its rows itself, so the cosine lens of the training step and of
the same scores at test time is reported at info level, as for any normalised head. Written for cosaudit's tests."""
import math
from collections import OrderedDict

import torch
import torch.nn.functional as F


class Rebalance:
    def __init__(self, net, num_classes, embed_dim):
        self.net = net
        self.cf_matrix = torch.empty(num_classes, embed_dim, requires_grad=True)
        torch.nn.init.uniform_(self.cf_matrix, -1 / math.sqrt(embed_dim), 1 / math.sqrt(embed_dim))
        self.cf_matrix = OrderedDict([("fc", self.cf_matrix)])
        self.sigma = torch.nn.Parameter(torch.tensor(16.0))
        self.loss_func = torch.nn.CrossEntropyLoss()

    def norm_cosine_similarity(self, output, weight_matrix, sigma=None):
        unit = F.normalize(output, dim=1)
        scores = torch.cat([F.linear(unit, F.normalize(w, dim=1)) for _, w in weight_matrix.items()], dim=1)
        return scores if sigma is None else sigma * scores

    def train_step(self, images, labels):
        self.output = self.norm_cosine_similarity(self.net(images), weight_matrix=self.cf_matrix, sigma=self.sigma)  # expect: COS120
        loss = self.loss_func(self.output, labels)
        loss.backward()

    def test(self, images):
        with torch.no_grad():
            self.output = self.norm_cosine_similarity(self.net(images), weight_matrix=self.cf_matrix, sigma=self.sigma)  # expect: COS120
        return self.output.argmax(dim=1)
