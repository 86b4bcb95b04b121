# Synthetic rewrite of the shape of asash/gptrec_rl:recommenders/mmr_recommender.py at 799cfd80594899cd65e22ec51fa4ba2616ee26ac (licence Apache-2.0); not the original text.
import gzip
from functools import lru_cache

import dill
import numpy as np


class DiversifyingReranker:
    """Re-rank a pretrained recommender's list with maximal marginal relevance.

    Item-item similarity is the cosine between multi-hot genre vectors.
    """

    def __init__(self, checkpoint_path, genres_of, pool=1000, trade_off=0.5):
        self.base = dill.load(gzip.open(checkpoint_path, "rb"))
        self.pool = pool
        self.trade_off = trade_off
        vocab = {}
        for item in genres_of:
            for g in genres_of[item]:
                vocab.setdefault(g, len(vocab))
        self.genre_vec = {}
        for item, gs in genres_of.items():
            v = np.zeros(len(vocab))
            v[[vocab[g] for g in gs]] = 1.0
            self.genre_vec[item] = v

    @lru_cache(maxsize=1_000_000)
    def sim(self, a, b):
        va, vb = self.genre_vec[a], self.genre_vec[b]
        return np.dot(va, vb) / (np.linalg.norm(va) * np.linalg.norm(vb))

    def recommend(self, user_id, limit):
        ranked = self.base.recommend(user_id, self.pool)
        chosen = [ranked[0][0]]
        while len(chosen) < limit:
            best, best_val = None, -np.inf
            for item, score in ranked[1:]:
                if item in chosen:
                    continue
                penalty = max(self.sim(item, c) for c in chosen)
                val = self.trade_off * score - (1 - self.trade_off) * penalty
                if val > best_val:
                    best, best_val = item, val
            chosen.append(best)
        return [(item, 1.0 / (r + 1)) for r, item in enumerate(chosen)]
