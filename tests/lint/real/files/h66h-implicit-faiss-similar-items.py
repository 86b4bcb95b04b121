# Synthetic rewrite of the shape of benfred/implicit:implicit/ann/faiss.py at 8a95dbe24ca675a6edd86aafb3b4cd5ae7287edf (licence MIT); not the original text.
import faiss
import numpy as np


class ApproxFactorSearch:
    """Approximate look-ups over the latent item factors of a matrix-factorisation
    model (ALS / BPR / LMF): one inner-product index for recommending, one
    cosine index (inner product over unit rows) for item-to-item similarity."""

    def __init__(self, mf_model, cells=256, probes=16):
        self.mf = mf_model
        self.cells, self.probes = cells, probes
        self.rec_index = None
        self.sim_index = None

    def _ivf(self, dim):
        coarse = faiss.IndexFlat(dim, faiss.METRIC_INNER_PRODUCT)
        index = faiss.IndexIVFFlat(coarse, dim, self.cells, faiss.METRIC_INNER_PRODUCT)
        index.nprobe = self.probes
        return index, coarse

    def build(self):
        factors = np.ascontiguousarray(self.mf.item_factors, dtype="float32")
        dim = factors.shape[1]

        self.rec_index, self._q1 = self._ivf(dim)
        self.rec_index.train(factors)
        self.rec_index.add(factors)

        # unit-length factor rows so that inner product equals cosine
        lengths = np.linalg.norm(factors, axis=1)
        lengths[lengths == 0] = 1e-10
        unit_rows = (factors / lengths[:, None]).astype("float32")
        self.sim_index, self._q2 = self._ivf(dim)
        self.sim_index.train(unit_rows)
        self.sim_index.add(unit_rows)

    def neighbours(self, item, k=10):
        query = np.array(self.mf.item_factors[item], dtype="float32").reshape(1, -1)
        query /= np.linalg.norm(query, axis=1, keepdims=True)
        scores, ids = self.sim_index.search(query, k)
        return ids[0], scores[0]
