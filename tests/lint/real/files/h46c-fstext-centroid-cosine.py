# Synthetic rewrite of the shape of fsText-suite/fsText:cosine_classifier.py at 13f9dcc0ce381cff05c785bdd80c06db79386199 (licence NOASSERTION); not the original text.
"""Few-shot text classifier: average word vectors, then pick the nearest class centroid by cosine."""
import re

import gensim.downloader as api
import numpy as np
from scipy import spatial
from sklearn.preprocessing import LabelEncoder


class CentroidCosineClassifier:
    def __init__(self, vectors="glove-wiki-gigaword-300"):
        self.kv = api.load(vectors)
        self.enc = LabelEncoder()

    def _tokens(self, text):
        text = re.sub(r"[^a-z ]", " ", text.lower().replace("-", " "))
        return [w for w in text.split() if w in self.kv.key_to_index]

    def embed(self, text):
        toks = self._tokens(text)
        return np.mean(self.kv[toks], axis=0) if toks else np.zeros(self.kv.vector_size)

    def fit(self, texts, labels):
        y = self.enc.fit_transform(labels)
        X = np.stack([self.embed(t) for t in texts])
        self.classes = np.unique(y)
        self.centroids = {c: X[y == c].mean(axis=0) for c in self.classes}
        return self

    def _nearest(self, text):
        v = self.embed(text)
        best, best_c = 1.0, -1
        for c in self.classes:
            dist = spatial.distance.cosine(
                v, self.centroids[c]
            )
            if dist <= best:
                best, best_c = dist, c
        return best_c

    def predict(self, texts):
        return self.enc.inverse_transform(np.array([self._nearest(t) for t in texts]))
