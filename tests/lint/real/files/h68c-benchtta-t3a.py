# Synthetic rewrite of the shape of yuyongcan/Benchmark-TTA:src/methods/T3A.py at e5fc746161dc1767338581f38c0b7e7809090b3c (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def entropy_of(logits):
    return -(logits.softmax(1) * logits.log_softmax(1)).sum(1)


class TemplateAdjuster(nn.Module):
    """Online template adjustment on top of a frozen backbone and linear head."""

    def __init__(self, backbone, head, keep_per_class=20):
        super().__init__()
        self.backbone = backbone
        self.head = head
        self.n_cls = head.out_features
        # the bank starts from the rows of the trained softmax head (weight-norm aware)
        seed = head.weight_v.data if hasattr(head, "weight_v") else head.weight.data
        self.seed = seed
        seed_logits = head(seed)
        self.seed_labels = F.one_hot(seed_logits.argmax(1), self.n_cls).float()
        self.seed_ent = entropy_of(seed_logits)
        self.keep = keep_per_class
        self.reset()

    def reset(self):
        self.bank = self.seed.data
        self.bank_labels = self.seed_labels.data
        self.bank_ent = self.seed_ent.data

    def _filter(self):
        cls = self.bank_labels.argmax(1)
        if self.keep < 0:
            return
        keep_idx = []
        all_idx = torch.arange(len(self.bank_ent), device=self.bank_ent.device)
        for c in range(self.n_cls):
            order = torch.argsort(self.bank_ent[cls == c])
            keep_idx.append(all_idx[cls == c][order][: self.keep])
        keep_idx = torch.cat(keep_idx)
        self.bank = self.bank[keep_idx]
        self.bank_labels = self.bank_labels[keep_idx]
        self.bank_ent = self.bank_ent[keep_idx]

    def forward(self, x, adapt=True):
        feats = self.backbone(x).flatten(1)
        if adapt:
            out = self.head(feats)
            self.bank = torch.cat([self.bank.to(feats.device), feats])
            self.bank_labels = torch.cat([self.bank_labels.to(feats.device),
                                          F.one_hot(out.argmax(1), self.n_cls).float()])
            self.bank_ent = torch.cat([self.bank_ent.to(feats.device), entropy_of(out)])
        self._filter()
        unit_bank = F.normalize(self.bank, dim=1)
        templates = unit_bank.t() @ self.bank_labels
        return feats @ F.normalize(templates, dim=0)
