# Synthetic rewrite of the shape of Graph-COM/TSA:src/adaptation/t3a.py at d6d736e8844a6025164369a3e3bef98ecdf0b2d9 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch_geometric.data import Data

from .adapter_manager import ADAPTER_REGISTRY
from .base_adapter import BaseAdapter


def entropy(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1)


@ADAPTER_REGISTRY.register()
class NodeTemplateAdjuster(BaseAdapter):
    """Template adjustment for a GNN whose classifier is the last block of an MLP."""

    def __init__(self, pre_model, source_stats, cfg):
        super().__init__(pre_model, source_stats, cfg)
        self.per_class = cfg.filter_K
        self.head = pre_model.mlp_classify[-1]
        self.n_cls = self.head.out_features
        pre_model.mlp_classify[-1] = nn.Identity()  # the rest of the network now emits embeddings
        self.encoder = pre_model
        # supports begin as the head's own rows
        self.bank = self.head.weight.data
        first = self.head(self.bank)
        self.bank_y = F.one_hot(first.argmax(1), self.n_cls).float()
        self.bank_h = entropy(first)

    @torch.no_grad()
    def adapt(self, graph: Data):
        self.model.eval()
        graph = graph.to(self.device)
        _, z = self.encoder(graph)
        out = self.head(z)
        self.bank = torch.cat([self.bank.to(z.device), z])
        self.bank_y = torch.cat([self.bank_y.to(z.device), F.one_hot(out.argmax(1), self.n_cls).float()])
        self.bank_h = torch.cat([self.bank_h.to(z.device), entropy(out)])
        self._trim()
        templates = F.normalize(self.bank, dim=1).T @ self.bank_y
        return F.softmax(z @ F.normalize(templates, dim=0), dim=1)

    def _trim(self):
        pred = self.bank_y.argmax(1)
        idx = torch.arange(len(self.bank_h), device=self.device)
        keep = []
        for c in range(self.n_cls):
            order = torch.argsort(self.bank_h[pred == c])
            keep.append(idx[pred == c][order][: self.per_class])
        keep = torch.cat(keep)
        self.bank, self.bank_y, self.bank_h = self.bank[keep], self.bank_y[keep], self.bank_h[keep]
