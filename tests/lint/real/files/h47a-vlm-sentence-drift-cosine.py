# Synthetic rewrite of the shape of KaiserRuben/Masterthesis:src/sut/text_embedder.py at e020725837f6a74f5795da3bdaeac437ed26850f (licence NOASSERTION); not the original text.
"""Memoised sentence vectors from a VLM's text tower, plus a distance-to-anchor helper.

The vectors come from mean-pooling the final hidden states of the language
backbone (see the scorer's encode_text); nothing here touches the output head.
"""
from functools import lru_cache

import numpy as np


class SentenceVectors:
    def __init__(self, scorer, model_id):
        self._scorer = scorer
        self._model_id = model_id
        self._one = lru_cache(maxsize=16384)(self._encode_one)

    def _encode_one(self, text):
        return self._scorer.encode_text([text])[0]

    def embed_many(self, texts):
        return np.stack([self._one(t) for t in texts], axis=0)

    def drift_from(self, anchor, texts):
        """1 - cosine between each text's vector and the anchor, clipped at zero."""
        vecs = self.embed_many(texts)
        unit = vecs / (np.linalg.norm(vecs, axis=1, keepdims=True) + 1e-12)
        a = anchor / (np.linalg.norm(anchor) + 1e-12)
        return np.clip(1.0 - unit @ a, 0.0, None).astype(np.float32)
