# expect: COS301
"""A head built from word vectors and normalised, with the features, by the class's own helper
(`self._unit`) before the product that makes its logits: a cosine classifier, so neither its scores nor
the Gram of its unit weights is flagged. The same weights read out by plain dot products are a softmax
head, whose unit rows' Gram is a matrix of label cosines.

Shape seen in public zero-shot classification code; written for cosaudit's tests.
"""
import torch


class WordsToClassWeights(torch.nn.Module):
    """Class weights mapped from word vectors."""

    def __init__(self, n_labels=100, word_dim=300, out_dim=64):
        super().__init__()
        self.words = torch.nn.Embedding(n_labels, word_dim)
        self.proj = torch.nn.Linear(word_dim, out_dim, bias=False)
        self.scale = torch.nn.Parameter(torch.ones(1))

    @staticmethod
    def _unit(x):
        return x / (1e-6 + x.pow(2).sum(1, keepdim=True).sqrt())

    def classify(self, feats, class_weights):
        feats = self._unit(feats)
        class_weights = self._unit(class_weights)
        logits = self.scale * torch.matmul(feats, class_weights.t())
        return logits, class_weights @ class_weights.t()

    def plain_scores(self, feats, plain_weights):
        """The same weights read out by plain dot products: a softmax head, whose unit rows' Gram
        is a matrix of label cosines."""
        logits = torch.matmul(feats, plain_weights.t())
        w = self._unit(plain_weights)
        return logits, w @ w.t()  # expect: COS101
