# cosaudit corpus, synthetic file: same shape as DATEXIS/IMPRINT/neural_collapse.py at c3464dedc63117ecc3e6b91fc5f121066910b00f (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch


class CollapseOnEmbeddings:
    """Neural-collapse statistics computed from extracted embeddings and their labels only."""

    def __init__(self, emb, labels):
        self.emb = emb
        self.classes = np.unique(labels)
        self.labels = labels
        grand = emb.mean(dim=0)
        self.centred = torch.stack([emb[labels == c].mean(dim=0) - grand for c in self.classes])
        self.unit = self.centred / self.centred.norm(dim=1, keepdim=True)

    def covariances(self):
        within = torch.stack([
            (emb_c - mu).T @ (emb_c - mu) / len(emb_c)
            for emb_c, mu in ((self.emb[self.labels == c], self.centred[i]) for i, c in enumerate(self.classes))
        ])
        between = self.centred.T @ self.centred / len(self.classes)
        return within, between

    def nc1(self, within, between):
        return torch.trace(torch.linalg.pinv(between) @ within.mean(dim=0)).item() / len(self.classes)

    def nc2(self):
        diffs = []
        for i in range(len(self.classes)):
            for j in range(len(self.classes)):
                if i != j:
                    diffs.append(torch.abs(self.unit[i] - self.unit[j]))
        return torch.stack(diffs).mean(dim=0)

    def equinorm(self):
        lengths = self.centred.norm(dim=1)
        return (lengths.std() / lengths.mean()).item()
