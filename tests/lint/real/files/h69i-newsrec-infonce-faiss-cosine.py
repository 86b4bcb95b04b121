# Synthetic rewrite of the shape of Leo-Bond/Tianchi-news-recommendation-:src/recall.py at dd8a16d34a7364871d0175ab9030659fbd29774d (licence MIT); not the original text.
"""'YouTubeDNN' recall channel for news: item vectors are fixed article
embeddings (made unit length); a small user tower is trained with an in-batch
InfoNCE loss on cosine scores, and serving uses an inner-product FAISS index
over the same unit article vectors."""
import numpy as np
import faiss
import torch
import torch.nn as nn
import torch.nn.functional as F


def unit(v):
    n = np.linalg.norm(v)
    return v if n == 0 else v / n


class NewsTowerRecall:
    def __init__(self, article_vectors, temperature=0.07):
        self.ids = sorted(article_vectors)
        self.matrix = np.stack([unit(np.asarray(article_vectors[i], np.float32)) for i in self.ids])
        dim = self.matrix.shape[1]
        self.tower = nn.Sequential(nn.Linear(dim, 2 * dim), nn.ReLU(), nn.Linear(2 * dim, dim))
        self.temperature = temperature
        self.index = faiss.IndexFlatIP(dim)
        self.index.add(self.matrix)

    def fit(self, histories, targets, epochs=3, lr=1e-3):
        opt = torch.optim.Adam(self.tower.parameters(), lr=lr)
        h = torch.tensor(histories, dtype=torch.float32)
        t = torch.tensor(targets, dtype=torch.float32)
        for _ in range(epochs):
            u = F.normalize(self.tower(h), dim=1)
            v = F.normalize(t, dim=1)
            logits = u @ v.T / self.temperature
            loss = F.cross_entropy(logits, torch.arange(len(u)))
            opt.zero_grad(); loss.backward(); opt.step()

    @torch.no_grad()
    def recall(self, history_vec, k=50):
        q = F.normalize(self.tower(torch.tensor(history_vec[None], dtype=torch.float32)), dim=1)
        scores, idx = self.index.search(q.numpy().astype(np.float32), k)
        return [(self.ids[j], float(s)) for j, s in zip(idx[0], scores[0])]
