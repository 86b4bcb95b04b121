# Synthetic rewrite of the shape of qiqiqicheng/news-recommendation-tc:src/recall/youtubednn_recaller.py at a61215acc5a86e388930b7d75b12b155686414ce (licence NOASSERTION); not the original text.
"""A two-tower 'YoutubeDNN' recaller whose towers end in L2 normalisation and
which is trained point-wise with a sigmoid (BCE) on user·item; retrieval reuses
the same unit vectors in an inner-product index."""
import numpy as np
import faiss
import torch
import torch.nn as nn
import torch.nn.functional as F


class TwoTower(nn.Module):
    def __init__(self, n_users, n_items, dim=16, hidden=64):
        super().__init__()
        self.users = nn.Embedding(n_users, dim)
        self.items = nn.Embedding(n_items, dim, padding_idx=0)
        self.user_mlp = nn.Sequential(nn.Linear(2 * dim, hidden), nn.ReLU(), nn.Linear(hidden, dim))
        self.item_mlp = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Linear(hidden, dim))

    def user_side(self, uid, history):
        pooled = self.items(history).mean(1)
        return F.normalize(self.user_mlp(torch.cat([self.users(uid), pooled], 1)), dim=1)

    def item_side(self, iid):
        return F.normalize(self.item_mlp(self.items(iid)), dim=1)


def fit(model, batches, epochs=1):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = nn.BCEWithLogitsLoss()
    for _ in range(epochs):
        for uid, hist, iid, label in batches:
            logit = (model.user_side(uid, hist) * model.item_side(iid)).sum(1)
            loss = loss_fn(logit, label.float())
            opt.zero_grad(); loss.backward(); opt.step()


@torch.no_grad()
def recall(model, uid, hist, all_items, k=50):
    item_vecs = model.item_side(all_items).numpy().astype(np.float32)
    index = faiss.IndexFlatIP(item_vecs.shape[1])
    index.add(item_vecs)
    user_vecs = model.user_side(uid, hist).numpy().astype(np.float32)
    return index.search(user_vecs, k)
