# Synthetic rewrite of the shape of AnesBenmerzoug/langsfer:src/langsfer/initialization.py at ab3e2daf229bc54bb9b7291a9ea92f5f495c5b79 (licence LGPL-2.1); not the original text.
import numpy as np
from sklearn.metrics.pairwise import cosine_similarity


class CosineScorer:
    def apply(self, a, b):
        return cosine_similarity(a, b)


class AuxSpaceInitializer:
    """Build rows for unseen target tokens from a static auxiliary word space."""

    def __init__(self, source_table, aux_target, aux_source, scorer=None, chunk=256):
        self.source_table = source_table      # pretrained model's input token table
        self.aux_target = aux_target          # fastText vectors of target subwords
        self.aux_source = aux_source          # aligned fastText vectors of source subwords
        self.similarity_strategy = scorer or CosineScorer()
        self.chunk = chunk

    def _unit(self, m):
        return m / (np.linalg.norm(m, axis=1, keepdims=True) + 1e-8)

    def fresh_rows(self, new_ids):
        tgt = self._unit(self.aux_target.copy())
        ref = self._unit(self.aux_source.copy())
        out = []
        for start in range(0, len(new_ids), self.chunk):
            ids = new_ids[start:start + self.chunk]
            similarities = self.similarity_strategy.apply(tgt[ids], ref)
            w = np.exp(similarities / 0.1)
            w /= w.sum(axis=1, keepdims=True)
            # mix the source model's rows with weights taken in the auxiliary space
            out.append(w @ self.source_table)
        return np.concatenate(out, axis=0)
