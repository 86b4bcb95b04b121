# Synthetic rewrite of the shape of srinikethsubba/reg-recs:app/train_cf.py at bd14f1cdba35e83fb9ed2949d987a6b2975df36c (licence NOASSERTION); not the original text.
"""Fit a tiny cosine two-tower model with a pairwise BPR loss and dump item vectors."""
from pathlib import Path

import numpy as np
import pandas as pd
import torch
from torch import nn

OUT = Path("artifacts"); OUT.mkdir(exist_ok=True)


class CosineTwoTower(nn.Module):
    def __init__(self, n_users, n_items, dim=48):
        super().__init__()
        self.users = nn.Embedding(n_users, dim)
        self.items = nn.Embedding(n_items, dim)

    def forward(self, u, i):
        uu = nn.functional.normalize(self.users(u), dim=1)
        ii = nn.functional.normalize(self.items(i), dim=1)
        return (uu * ii).sum(1)


def pairwise_bpr(pos, neg):
    return -torch.log(torch.sigmoid(pos - neg) + 1e-9).mean()


def main():
    likes = pd.read_csv("data/likes.csv")
    uid = {u: k for k, u in enumerate(likes.user.unique())}
    iid = {m: k for k, m in enumerate(likes.item.unique())}
    u = torch.tensor(likes.user.map(uid).values)
    i = torch.tensor(likes.item.map(iid).values)
    net = CosineTwoTower(len(uid), len(iid))
    opt = torch.optim.Adam(net.parameters(), lr=3e-3)
    for epoch in range(5):
        neg = torch.randint(0, len(iid), i.shape)
        loss = pairwise_bpr(net(u, i), net(u, neg))
        opt.zero_grad(); loss.backward(); opt.step()
        print(epoch, float(loss))
    with torch.no_grad():
        vecs = nn.functional.normalize(net.items.weight, dim=1).numpy().astype("float32")
    np.save(OUT / "item_vecs.npy", vecs)


if __name__ == "__main__":
    main()
