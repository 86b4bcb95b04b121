# Synthetic rewrite of the shape of huanranchen/T3A:T3A.py at 0c7625ec1a60bc33a117dc032b9b23e53111b99c (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class TemplateAdjust:
    """Unofficial template adjustment wrapped around a final nn.Linear."""

    def __init__(self, head: nn.Linear, top=0, n_cls=60):
        self.head = head
        self.top = top
        self.dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.n_cls = n_cls
        self.pool = {c: [] for c in range(n_cls)}
        self.pool_ent = {c: [] for c in range(n_cls)}

    def __call__(self, feats, adapt=False, adjusted=False):
        if adapt:
            self.add(feats)
        if not adjusted:
            return self.head(feats)
        centres = torch.stack(self.centres()).t()
        return feats @ centres + self.head.bias.data

    def centres(self):
        out = []
        for c in range(self.n_cls):
            items = torch.cat(self.pool[c], 0).to(self.dev)
            if self.top > 0:
                order = torch.argsort(torch.tensor(self.pool_ent[c], device=self.dev))
                items = items[order][: self.top]
                self.pool[c], self.pool_ent[c] = [], []
                self.add(items)
            out.append(items.mean(0))  # plain average, no normalisation
        return out

    def add(self, feats):
        scores = self.head(feats)  # what gets stored is the head's output vector
        ent = (F.softmax(scores, 1) * F.log_softmax(scores, 1)).sum(1)
        for i in range(len(scores)):
            c = int(scores[i].argmax())
            self.pool[c].append(scores[i])
            self.pool_ent[c].append(float(ent[i]))
