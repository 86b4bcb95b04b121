# Synthetic rewrite of the shape of FangyunWei/SLRT:NLA-SLR/utils/loss.py at 38a4f7b00da7a858d59b7fabe5093876a84db8e0 (licence NOASSERTION); not the original text.
# Language-aware label smoothing for isolated sign recognition: the smoothing mass
# given to wrong glosses follows the cosine between fastText vectors of the gloss
# words (loaded from a pickle), not anything learned by the classifier.
import torch
import torch.nn as nn
import torch.nn.functional as F


class GlossAwareSmoothing(nn.Module):
    def __init__(self, eps=0.1, gloss_vectors=None, spread="softmax", tau=1.0, mode=None):
        super().__init__()
        self.eps = eps
        self.mode = mode
        self.spread = spread
        self.tau = tau
        self.kinship = None
        if gloss_vectors is not None:
            unit = F.normalize(gloss_vectors, dim=-1)
            self.kinship = unit @ unit.T          # (n_glosses, n_glosses)

    def targets(self, logits, label):
        n, c = logits.shape
        rows = torch.arange(n)
        if self.mode is None:
            soft = torch.full_like(logits, self.eps / (c - 1))
            soft[rows, label] = 1.0 - self.eps
            return soft
        if self.mode == "word_sim":
            soft = self.kinship[label].clone()
            if self.spread == "l1":
                soft[rows, label] = 0.0
                soft = F.normalize(soft, p=1.0, dim=-1)
            else:
                soft[rows, label] = float("-inf")
                soft = F.softmax(soft / self.tau, dim=-1)
            soft = soft * self.eps
            soft[rows, label] = 1.0 - self.eps
            return soft
        raise ValueError(self.mode)

    def forward(self, logits, label):
        with torch.no_grad():
            soft = self.targets(logits.float(), label)
        return -(F.log_softmax(logits.float(), dim=-1) * soft).sum(-1).mean()
