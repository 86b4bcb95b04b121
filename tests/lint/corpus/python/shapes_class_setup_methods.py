# expect: COS301
"""A class that keeps the head's unit rows where another method finds them: set by a method that
`__init__` calls (`self.register_model()`), or read through a `@property`. The rows compared with each
other are the head's, whichever method reads them. Quiet: the same class shape over sentence vectors
of an encoder's outputs.

Shapes seen in public lexical-substitution estimators; written for cosaudit's tests.
"""
import functools

import numpy as np
from transformers import AutoModel, RobertaForMaskedLM


class SubstituteScorer:
    def __init__(self, name):
        self.name = name
        self.register_model()

    def register_model(self):
        model = RobertaForMaskedLM.from_pretrained(self.name)
        rows = model.lm_head.decoder.weight.data.cpu().numpy()
        self.unit_rows = rows / np.linalg.norm(rows, axis=-1, keepdims=True)

    def scores(self, target_ids):
        target = self.unit_rows[target_ids].mean(axis=0, keepdims=True)
        return np.matmul(target, self.unit_rows.T)  # expect: COS101


class CachedScorer:
    def __init__(self, name):
        model = RobertaForMaskedLM.from_pretrained(name)
        rows = model.lm_head.decoder.weight.data.cpu().numpy()
        self.store = {"raw": rows, "unit": rows / np.linalg.norm(rows, axis=-1, keepdims=True)}

    @property
    def normed_embeddings(self):
        return self.store["unit"]

    @functools.cached_property
    def vocabulary_gram(self):
        return self.normed_embeddings @ self.normed_embeddings.T  # expect: COS101


class SentenceScorer:
    def __init__(self, name):
        self.encoder = AutoModel.from_pretrained(name)
        self.prepare()

    def prepare(self):
        self.bank = np.load("sentences.npy")

    @property
    def unit_bank(self):
        return self.bank / np.linalg.norm(self.bank, axis=-1, keepdims=True)

    def scores(self, query):
        return self.unit_bank @ query
