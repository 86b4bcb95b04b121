# Synthetic rewrite of the shape of mravelo5874/NLP_Spring2023:Final Project/similarity.py at b01b792cb62e014009e0d68c319167650a9a3ea6 (licence NOASSERTION); not the original text.
import numpy as np
import torch

import utils


class WordGeometry:
    """Within-language word-similarity matrix from a translation model's embedding lookups."""

    def __init__(self, mt_model, words, lang):
        self.mt = mt_model              # wrapper exposing .embed(text, lang) -> (1, n_tokens, d)
        self.words = words
        self.lang = self.mt.get_language_id(lang)
        self.vectors = []

    def word_vectors(self):
        for w in self.words:
            looked_up = torch.squeeze(self.mt.embed(w, self.lang), dim=0)
            v = looked_up.sum(dim=0).detach().numpy()      # add the sub-token rows together
            self.vectors.append(v / np.linalg.norm(v))
        return self.vectors

    def similarity_rows(self):
        rows = []
        for i in range(len(self.words)):
            rows.append([utils.cosine_sim(self.vectors[i], self.vectors[j]) for j in range(len(self.words))])
        return np.array(rows)

    def matrix(self):
        self.word_vectors()
        sims = self.similarity_rows()
        upper = np.triu(np.ones_like(sims, dtype=bool))
        return np.where(upper, sims, 0.0)
