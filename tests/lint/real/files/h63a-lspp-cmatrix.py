# Synthetic rewrite of the shape of s-chh/LSPP:lspp.py at 25bda88dd9974fa108a513b96ef9214d557e6608 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def soft_ce(probs, target):
    return (-(target * (probs + 1e-6).log()).sum(1)).mean()


class LearnedNeighbourSmoothing(nn.Module):
    """Label smoothing whose off-target mass per class is a learned distribution
    over the other K-1 classes (a learned class-to-class relation matrix)."""

    def __init__(self, n_classes, alpha=0.1):
        super().__init__()
        self.k = n_classes
        self.alpha = alpha
        self.relation_logits = nn.Parameter(torch.zeros(n_classes, n_classes - 1))

    def _insert_zero_diagonal(self, m):
        # (K, K-1) -> (K, K) with zeros on the diagonal
        m = m.reshape(-1, self.k)
        m = F.pad(m, (1, 0, 0, 0))
        m = F.pad(m.reshape(-1), (0, 1))
        return m.reshape(self.k, self.k)

    def forward(self, logits, y):
        probs = logits.softmax(dim=1)
        onehot = F.one_hot(y, num_classes=self.k).float()
        relation = self._insert_zero_diagonal(self.relation_logits.softmax(dim=1))
        target = (1 - self.alpha) * onehot + self.alpha * relation[y]
        forward_term = soft_ce(target, probs.detach())     # trains the relation matrix
        backward_term = soft_ce(probs, target.detach())    # trains the network
        return 0.5 * (forward_term + backward_term)
