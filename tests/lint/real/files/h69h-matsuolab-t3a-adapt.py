# Synthetic rewrite of the shape of matsuolab/T3A:domainbed/adapt_algorithms.py at ff8cde5f06f61035c957720c6275c33893e0f564 (licence MIT); not the original text.
import torch
import torch.nn.functional as F


def entropy_of_logits(logits):
    return -(logits.softmax(-1) * logits.log_softmax(-1)).sum(-1)


class TemplateAdjuster(torch.nn.Module):
    """Keeps a per-class bank of feature templates, seeded with the linear head's rows."""

    def __init__(self, trained, n_classes, keep_per_class=20):
        super().__init__()
        self.backbone = trained.featurizer
        self.head = trained.classifier
        self.n_classes = n_classes
        self.keep = keep_per_class
        # the bank starts from the softmax head's weight rows, one per class
        seed_rows = self.head.weight.data
        seed_logits = self.head(seed_rows)
        self.seed = (seed_rows,
                     F.one_hot(seed_logits.argmax(1), n_classes).float(),
                     entropy_of_logits(seed_logits))
        self.reset()

    def reset(self):
        self.bank, self.onehots, self.scores = (t.clone() for t in self.seed)

    def _prune(self):
        owner = self.onehots.argmax(1)
        keep_idx = []
        for c in range(self.n_classes):
            members = torch.nonzero(owner == c).flatten()
            order = torch.argsort(self.scores[members])
            keep_idx.append(members[order][: self.keep])
        keep_idx = torch.cat(keep_idx)
        self.bank = self.bank[keep_idx]
        self.onehots = self.onehots[keep_idx]
        self.scores = self.scores[keep_idx]

    def forward(self, images, adapt=False):
        feats = self.backbone(images)
        if adapt:
            logits = self.head(feats)
            self.bank = torch.cat([self.bank.to(feats.device), feats])
            self.onehots = torch.cat([self.onehots.to(feats.device),
                                      F.one_hot(logits.argmax(1), self.n_classes).float()])
            self.scores = torch.cat([self.scores.to(feats.device), entropy_of_logits(logits)])
        self._prune()
        unit_bank = F.normalize(self.bank, dim=1)
        class_templates = unit_bank.t() @ self.onehots
        return feats @ F.normalize(class_templates, dim=0)
