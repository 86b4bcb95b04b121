# Synthetic rewrite of the shape of bpark2/zero_shot_kg_cnn:gcn.py at 95465915adf777daa24e126f441ad9ec690a905d (licence NOASSERTION); not the original text.
# GCNZ-style zero-shot learning: a graph network maps word vectors of knowledge-graph
# nodes to visual classifiers. The regression targets here are weight vectors of
# separate one-vs-rest logistic (sigmoid) classifiers, compared by plain MSE.
import pickle
from pathlib import Path

import torch
import torch.nn.functional as F
from torch_geometric.nn import GCNConv


def read_targets(folder):
    rows, node_ids = [], []
    for path in sorted(Path(folder).glob("*.pkl")):
        node_ids.append(int(path.name.split("_")[0]))
        with path.open("rb") as fh:
            rows.append(pickle.load(fh))           # (1, 2048) weight of a binary logistic model
    return torch.cat(rows, dim=0), node_ids


class NodeToClassifier(torch.nn.Module):
    def __init__(self, d_in=300, d_out=2048):
        super().__init__()
        dims = [d_in, 2048, 1024, 512, d_out]
        self.layers = torch.nn.ModuleList(GCNConv(a, b) for a, b in zip(dims[:-1], dims[1:]))

    def forward(self, x, edges):
        for conv in self.layers:
            x = F.leaky_relu(conv(x, edges), 0.2)
        return F.normalize(F.log_softmax(x, dim=1), p=2)


def supervised_mse(pred, targets, node_ids):
    total = 0.0
    for k, node in enumerate(node_ids):
        total = total + F.mse_loss(pred[node], targets[k])
    return total / len(node_ids)


def fit(model, x, edges, targets, node_ids, epochs=5, lr=1e-3):
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    for _ in range(epochs):
        opt.zero_grad()
        loss = supervised_mse(model(x, edges), targets, node_ids)
        loss.backward()
        opt.step()
    return model(x, edges)
