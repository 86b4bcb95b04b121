# Synthetic rewrite of the shape of ONSdigital/dp-fastText:dp_fasttext/ml/supervised/supervised.py at 2d952fd92a871962f891c2eab5683e9ebf6e1d34 (licence NOASSERTION); not the original text.
"""Wrapper around a supervised fastText text classifier."""
import numpy as np
import fasttext

from textsvc.maths import cosine_similarity


class TopicClassifier:
    def __init__(self, path: str, prefix: str = "__label__"):
        self.ft = fasttext.load_model(path)
        self.prefix = prefix

    @staticmethod
    def _unit_rows(mat: np.ndarray) -> np.ndarray:
        return mat / np.linalg.norm(mat, axis=1, keepdims=True)

    def predict(self, text: str, k: int = 1, threshold: float = 0.0):
        labels, probs = self.ft.predict(text, k=k, threshold=threshold)
        return [l[len(self.prefix):] for l in labels], probs

    def top_topics(self, text: str, n: int = 5):
        labels, probs = self.predict(text, k=n)
        pairs = [{"topic": l, "p": float(p)} for l, p in zip(labels, probs)]
        return sorted(pairs, key=lambda d: d["p"], reverse=True)

    def word_similarity(self, a: str, b: str) -> float:
        va = self.ft.get_word_vector(a)
        vb = self.ft.get_word_vector(b)
        return self.vector_similarity(va, vb)

    @staticmethod
    def vector_similarity(u: np.ndarray, v: np.ndarray) -> float:
        return cosine_similarity(u, v)
