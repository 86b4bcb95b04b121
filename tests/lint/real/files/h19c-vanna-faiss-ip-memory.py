# Synthetic rewrite of the shape of vanna-ai/vanna:src/vanna/integrations/faiss/agent_memory.py at 365d0617c1a4567ffee1b19b40c27feb4206bfcf (licence MIT); not the original text.
import hashlib
import os
import pickle
import uuid

import faiss
import numpy as np


class QuestionMemory:
    """Remember which tool answered which question; recall by vector similarity."""

    def __init__(self, folder="./qmem", dim=384, metric="cosine"):
        self.folder, self.dim, self.metric = folder, dim, metric
        idx_file = os.path.join(folder, "index.faiss")
        meta_file = os.path.join(folder, "meta.pkl")
        if os.path.exists(idx_file) and os.path.exists(meta_file):
            self.index = faiss.read_index(idx_file)
            with open(meta_file, "rb") as fh:
                self.meta = pickle.load(fh)
        else:
            os.makedirs(folder, exist_ok=True)
            # inner product on unit vectors == cosine
            self.index = faiss.IndexFlatIP(dim) if metric == "cosine" else faiss.IndexFlatL2(dim)
            self.meta = {}

    def _vector(self, text):
        """Stand-in text embedding derived from a hash, unit-normalised for the cosine metric."""
        h = int(hashlib.sha1(text.encode()).hexdigest(), 16)
        v = np.array([((h >> i) % 97) / 97.0 for i in range(self.dim)], dtype=np.float32)
        if self.metric == "cosine":
            n = np.linalg.norm(v)
            v = v / n if n > 0 else v
        return v

    def remember(self, question, tool, args, ok=True):
        self.index.add(self._vector(question)[None, :])
        self.meta[self.index.ntotal - 1] = dict(id=str(uuid.uuid4()), question=question, tool=tool, args=args, ok=ok)

    def recall(self, question, limit=5, threshold=0.7):
        if self.index.ntotal == 0:
            return []
        scores, ids = self.index.search(self._vector(question)[None, :], min(3 * limit, self.index.ntotal))
        hits = []
        for s, i in zip(scores[0], ids[0]):
            m = self.meta.get(int(i))
            if m is None or not m["ok"]:
                continue
            sim = float(s) if self.metric == "cosine" else 1.0 / (1.0 + float(s))
            if sim >= threshold:
                hits.append((m, sim))
        return hits[:limit]
