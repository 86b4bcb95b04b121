"""Vocabulary transfer: a new token's row is initialised as the mean of old tokens' rows weighted by
the cosines, in a helper model's output head, between the new token and the tokens both vocabularies
share. The helper's name starts with `_init` as a module's weight initialiser does, but it compares
head rows as token similarities, which a shared translation of the head moves (COS101). Quiet: a
module's own `_init_weights`, which sets the head's rows orthonormal at construction.

Shapes seen in a public vocabulary-transfer repository; written for cosaudit's tests.
"""
import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_similarity


class TransferInit:
    def __init__(self, source_model, helper_model, missing_ids, shared_ids):
        self.source_model = source_model
        self.helper_model = helper_model
        self.missing_ids = missing_ids
        self.shared_ids = shared_ids

    def _initialize_missing_embeddings(self, helper_rows, target_rows, source_rows):
        missing = helper_rows[self.missing_ids, :]
        shared = helper_rows[self.shared_ids, :]
        weights = cosine_similarity(missing, shared)
        for k, row in enumerate(weights):
            target_rows[k] = np.average(source_rows[self.shared_ids], axis=0, weights=row / row.sum())

    def run(self, target_rows):
        helper_head = self.helper_model.get_output_embeddings().weight.detach().numpy()
        source_head = self.source_model.get_output_embeddings().weight.detach().numpy()
        self._initialize_missing_embeddings(helper_head, target_rows, source_head)  # expect: COS101


class Head(torch.nn.Module):
    def __init__(self, d, k):
        super().__init__()
        self.fc = torch.nn.Linear(d, k)
        self._init_weights()

    def _init_weights(self):
        w = torch.nn.functional.normalize(self.fc.weight, dim=1)
        self.gram_at_init = w @ w.T
        torch.nn.init.orthogonal_(self.fc.weight)
