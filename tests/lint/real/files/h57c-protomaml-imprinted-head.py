# Synthetic rewrite of the shape of mattochal/imbalanced_fsl_public:src/models/protomaml.py at d654a9898e19bf4278af8a4bfcebef5950c615e0 (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class PrototypeSeededLearner(nn.Module):
    """Few-shot learner whose linear head is seeded from support-set class centres."""

    def __init__(self, encoder, dim, n_way):
        super().__init__()
        self.encoder = encoder
        self.head = nn.Linear(dim, n_way)

    @staticmethod
    def class_centres(emb, labels):
        order = torch.unique(labels)
        centres = [emb[labels == c].mean(dim=0) for c in order]
        return centres, order

    def seed_head(self, xs, ys):
        emb = self.encoder(xs)
        centres, order = self.class_centres(emb, ys)
        centres = torch.stack(centres)[order]
        centres = F.normalize(centres, p=2, dim=1)
        # the head rows become (twice) the unit-length class centres
        self.head.weight.data = 2.0 * centres.clone()
        self.head.bias.data = -centres.norm(p=2, dim=1).pow(2)

    def inner_loop(self, xs, ys, steps, lr):
        self.seed_head(xs, ys)
        for _ in range(steps):
            logits = self.head(self.encoder(xs))
            loss = F.cross_entropy(logits, ys)
            grads = torch.autograd.grad(loss, list(self.head.parameters()))
            with torch.no_grad():
                for p, g in zip(self.head.parameters(), grads):
                    p -= lr * g
        return loss
