# cosaudit corpus, synthetic file: same shape as cxt2001/Neural-Collapse/neural_collapse.py at 1a3bb7ef9b44a45d65d7b317abd5a54ce8348953 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F


class CollapseStats:
    def __init__(self, num_classes, dim):
        self.sums = torch.zeros(num_classes, dim)
        self.counts = torch.zeros(num_classes)
        self.total = torch.zeros(dim)
        self.n = 0

    def means(self):
        mu_g = self.total / self.n
        return self.sums / self.counts.unsqueeze(1) - mu_g

    def nc2(self):
        centred = self.means()
        cos = []
        for a in range(len(centred)):
            for b in range(a + 1, len(centred)):
                cos.append(F.cosine_similarity(centred[a].unsqueeze(0), centred[b].unsqueeze(0)).item())
        norms = centred.norm(dim=1)
        return torch.tensor(cos).var().item(), (norms / norms.mean()).var().item()

    def nc3(self, classifier_weights):
        scores = []
        for c, mu in enumerate(self.means()):
            align = F.cosine_similarity(mu.unsqueeze(0), classifier_weights[c].unsqueeze(0))
            scores.append(align.item())
        return 1 - sum(scores) / len(scores)
