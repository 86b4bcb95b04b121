# Synthetic rewrite of the shape of jmiemirza/MATE:utils/t3a.py at 173f48ff1a94e5de251cd05b38dc4f5e6d792159 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def entropy(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1)


def split_net(net):
    return net.module.MAE_encoder, net.module.class_head


class PointTemplateAdjuster(nn.Module):
    """T3A-style adjustment for a point-cloud encoder whose head is an MLP ending in a Linear."""

    def __init__(self, args, encoder, head_mlp, grouper):
        super().__init__()
        self.encoder = encoder
        self.head_mlp = head_mlp
        self.grouper = grouper
        self.n_cls = args.num_classes
        self.k = args.t3a_filter_k
        # index 8 of the MLP head is its final (softmax) Linear layer
        self.store = self.head_mlp[8].weight.data
        first_out = self.head_mlp[8](self.store)
        self.store_y = F.one_hot(first_out.argmax(1), self.n_cls).float()
        self.store_h = entropy(first_out)

    def _penultimate(self, z):
        for i in range(8):
            z = self.head_mlp[i](z)
        return z

    def forward(self, points):
        with torch.no_grad():
            groups, centres = self.grouper(points)
            tokens = self.encoder(groups, centres, only_unmasked=True)[0]
            z = torch.cat([tokens[:, 0], tokens[:, 1:].max(1)[0]], dim=-1)
            out = self.head_mlp(z)
        z = self._penultimate(z)
        self.store = torch.cat([self.store.to(z.device), z])
        self.store_y = torch.cat([self.store_y.to(z.device), F.one_hot(out.argmax(1), self.n_cls).float()])
        self.store_h = torch.cat([self.store_h.to(z.device), entropy(out)])
        self._keep_confident()
        centroids = F.normalize(self.store, dim=1).T @ self.store_y
        return z @ F.normalize(centroids, dim=0)

    def _keep_confident(self):
        pred = self.store_y.argmax(1)
        idx = torch.arange(len(self.store_h))
        kept = []
        for c in range(self.n_cls):
            order = torch.argsort(self.store_h[pred == c])
            kept.append(idx[pred == c][order][: self.k])
        kept = torch.cat(kept)
        self.store, self.store_y, self.store_h = self.store[kept], self.store_y[kept], self.store_h[kept]
