# cosaudit corpus, synthetic file: same shape as SiddhantSadangi/gpt2-token-similarity/src/similarity_computer.py at 2a9cf11d798b1d705b5e5c4c506f9029fdb892c1 (licence MIT); new code, no text copied.
"""Token similarity graph for one GPT-2 layer: similarities between token activations, thresholded to edges."""
import numpy as np
from sklearn.metrics.pairwise import cosine_similarity


class SimilarityGraph:
    def pairwise(self, activations, metric="cosine"):
        """activations: (tokens, d) hidden states of one layer"""
        if metric == "cosine":
            return cosine_similarity(activations)
        return activations @ activations.T

    def edges(self, sims, threshold=0.5, max_edges=200):
        n = sims.shape[0]
        cand = [(i, j, sims[i, j]) for i in range(n) for j in range(i + 1, n) if sims[i, j] >= threshold]
        cand.sort(key=lambda e: -e[2])
        return cand[:max_edges]

    def stats(self, sims):
        off = sims[~np.eye(len(sims), dtype=bool)]
        return {"mean": float(off.mean()), "max": float(off.max()), "density": float((off > 0.5).mean())}
