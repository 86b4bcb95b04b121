# Synthetic rewrite of the shape of lbecken/f5-tests:code/04_embeddings_toy.py at 1b4e80120c3f59e596d334a7e6f03733fac885b2 (licence NOASSERTION); not the original text.
"""Train a two-dimensional word table on neighbour prediction and compare
word pairs by cosine before and after training."""

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

corpus = [
    "a fox hunts the hare", "a wolf hunts the deer", "the hare eats clover",
    "the deer eats leaves", "cooks boil the beans", "cooks fry the eggs",
    "children eat the eggs", "children eat the beans",
]
words = [line.split() for line in corpus]
vocab = sorted({w for line in words for w in line})
idx = {w: i for i, w in enumerate(vocab)}

src, dst = [], []
for line in words:
    for j, w in enumerate(line):
        for k in (j - 1, j + 1):
            if 0 <= k < len(line):
                src.append(idx[w])
                dst.append(idx[line[k]])
src, dst = torch.tensor(src), torch.tensor(dst)


class NeighbourModel(nn.Module):
    def __init__(self, n, dim=2):
        super().__init__()
        self.table = nn.Embedding(n, dim)          # input lookup table
        self.readout = nn.Sequential(              # separate output layer
            nn.Linear(dim, 32), nn.Tanh(), nn.Linear(32, n))

    def forward(self, ids):
        return self.readout(self.table(ids))


net = NeighbourModel(len(vocab))
start = net.table.weight.detach().clone()
opt = torch.optim.Adam(net.parameters(), lr=0.03)
for _ in range(1500):
    opt.zero_grad()
    F.cross_entropy(net(src), dst).backward()
    opt.step()
end = net.table.weight.detach().clone()


def cosine(a, b, table):
    # cosine between two rows of the input lookup table
    return F.cosine_similarity(table[idx[a]], table[idx[b]], dim=0).item()


for a, b in [("fox", "wolf"), ("hare", "deer"), ("beans", "eggs"), ("fox", "eggs")]:
    print(f"{a:>6} ~ {b:<6} {cosine(a, b, start):+.2f} -> {cosine(a, b, end):+.2f}")
