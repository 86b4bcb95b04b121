# Synthetic rewrite of the shape of BigRedT/vico:exp/cifar100/models/embed_to_classifier.py at 177894b07eac8c9c0e95912028bdf2c9909cb2e8 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn


class WordToWeights(nn.Module):
    """Turns a word vector per label into the weights of a scaled-cosine classifier."""

    def __init__(self, n_labels=100, word_dim=300, out_dim=64):
        super().__init__()
        self.words = nn.Embedding(n_labels, word_dim)
        self.proj = nn.Linear(word_dim, out_dim, bias=False)
        self.scale = nn.Parameter(torch.zeros(1))

    def forward(self):
        return self.proj(self.words.weight)

    @staticmethod
    def _unit(x):
        return x / (1e-6 + x.pow(2).sum(1, keepdim=True).sqrt())

    def classify(self, feats, class_weights):
        feats = self._unit(feats)
        class_weights = self._unit(class_weights)
        logits = self.scale*torch.matmul(feats,class_weights.t())
        return logits

    def geometry_loss(self, class_weights):
        w = self._unit(class_weights)
        e = self._unit(self.words.weight)
        gap = w @ w.t() - e @ e.t()
        return (gap * gap).mean()
