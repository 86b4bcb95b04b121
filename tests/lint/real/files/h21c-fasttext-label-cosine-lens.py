# Synthetic rewrite of the shape of flaxandteal/dp-conceptual-search:server/word_embedding/supervised_models.py at 0f11169ff5f572d0183ffe1ed733117689bf404a (licence NOASSERTION); not the original text.
import numpy as np
import fasttext

from .vecmath import cos_one, cos_many


class TaggerModel:
    def __init__(self, path: str, prefix: str = "__label__"):
        self.ft = fasttext.load_model(path)
        self.prefix = prefix
        self.word_table = self.ft.get_input_matrix()
        self.output_matrix = self.ft.get_output_matrix()
        self.tags = np.array([t[len(prefix):] for t in self.ft.get_labels()])

    def tag_vector(self, tag):
        """Row of the output matrix that belongs to a tag."""
        if not tag.startswith(self.prefix):
            tag = self.prefix + tag
        hits = np.where(self.tags == tag)[0]
        return self.output_matrix[hits[0]] if len(hits) else np.zeros(self.ft.get_dimension())

    @staticmethod
    def _best(names, scores, k):
        order = np.argsort(-scores)[:k]
        return names[order], scores[order]

    def nearest_words(self, vec, k=1):
        scores = cos_many(self.word_table, vec)
        return self._best(np.array(self.ft.get_words()), scores, k)

    def nearest_tags(self, vec, k=1):
        """Tags whose output rows point most in the direction of vec."""
        scores = cos_many(
            self.output_matrix, vec)
        return self._best(self.tags, scores, k)

    def predict_tags(self, text, k=10):
        tags, probs = self.ft.predict(text, k)
        rows = [{"tag": t.replace(self.prefix, ""), "p": float(p)} for t, p in zip(tags, probs)]
        return sorted(rows, key=lambda r: r["p"], reverse=True)

    def word_similarity(self, a, b):
        return cos_one(self.ft.get_word_vector(a), self.ft.get_word_vector(b))
