# Synthetic rewrite of the shape of mertyg/post-hoc-cbm:models/pcbm_utils.py at c0ba2b7b33b569cc713456cda8c25973809ec7cb (licence MIT); not the original text.
"""A post-hoc concept bottleneck: embed -> signed distances to concept hyperplanes -> linear classifier."""
import torch
import torch.nn as nn


class ConceptBottleneckHead(nn.Module):
    def __init__(self, bank, n_labels, label_names=None):
        super().__init__()
        # each concept is a binary linear SVM: direction, offset and the direction's length
        self.directions = bank.vectors          # (K, D)
        self.offsets = bank.intercepts          # (K, 1)
        self.lengths = bank.norms               # (K, 1)
        self.concepts = list(bank.concept_names)
        self.label_names = label_names or {i: str(i) for i in range(n_labels)}
        self.linear = nn.Linear(self.directions.shape[0], n_labels)

    def concept_scores(self, emb):
        # geometric margin of every embedding to every concept boundary
        signed = (self.directions @ emb.T + self.offsets) / self.lengths
        return signed.T

    def forward(self, emb, with_scores=False):
        scores = self.concept_scores(emb)
        logits = self.linear(scores)
        return (logits, scores) if with_scores else logits

    def load_from_sklearn(self, coef, intercept):
        dev = self.linear.weight.device
        self.linear.weight.data = torch.as_tensor(coef, dtype=torch.float32, device=dev)
        self.linear.bias.data = torch.as_tensor(intercept, dtype=torch.float32, device=dev)

    def describe(self, top=5, include_negative=False):
        rows = self.linear.weight.detach().clone()
        if len(self.label_names) == 2:
            rows = torch.stack([rows.squeeze(), rows.squeeze()])
        lines = []
        for index, name in self.label_names.items():
            values, where = torch.topk(rows[index], k=top)
            lines.append(f"label {name}")
            lines += [f"  {rank + 1}. {self.concepts[j]} {v:.3f}" for rank, (v, j) in enumerate(zip(values.tolist(), where.tolist()))]
            if include_negative:
                values, where = torch.topk(-rows[index], k=top)
                lines += [f"  -{rank + 1}. {self.concepts[j]} {-v:.3f}" for rank, (v, j) in enumerate(zip(values.tolist(), where.tolist()))]
        return "\n".join(lines)
