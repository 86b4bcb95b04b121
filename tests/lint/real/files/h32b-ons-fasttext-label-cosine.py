# Synthetic rewrite of the shape of ONSdigital/dp-search-app:dp-search/server/suggest/supervised_models.py at 33b1b8bfbf8d5f6aadaed93f602126ff755af3dd (licence NOASSERTION); not the original text.
import numpy as np
import fasttext

from helpers import cosine_sim_matrix


class KeywordSuggester:
    """Wraps a supervised fastText keyword classifier for the search service."""

    def __init__(self, path, label_tag="__label__"):
        self.clf = fasttext.load_model(path)
        self.tag = label_tag
        self.label_names = np.array(
            [name.replace(self.tag, "") for name in self.clf.get_labels()])
        self.label_table_unit = self._unit_rows(self.clf.get_output_matrix())

    @staticmethod
    def _unit_rows(m):
        return m / np.linalg.norm(m, axis=1, keepdims=True)

    def query_vector(self, text):
        v = self.clf.get_sentence_vector(text.lower())
        return v / np.linalg.norm(v)

    def label_vector(self, name):
        if not name.startswith(self.tag):
            name = self.tag + name
        hits = np.where(self.label_names == name.replace(self.tag, ""))[0]
        if len(hits) == 0:
            return np.zeros(self.clf.get_dimension())
        v = self.clf.get_output_matrix()[hits[0]]
        return v / np.linalg.norm(v)

    def nearest_labels(self, vec, k=1):
        """Labels whose output vectors point closest to vec."""
        sims = cosine_sim_matrix(self.label_table_unit, vec)
        order = np.argsort(-sims)
        return self.label_names[order][:k], sims[order][:k]

    def predict_keywords(self, text, k=10):
        names, probs = self.clf.predict(text, k)
        names = [n.replace(self.tag, "") for n in names]
        ranked = sorted(zip(names, probs), key=lambda t: t[1], reverse=True)
        return [{"label": n, "P": p} for n, p in ranked]
