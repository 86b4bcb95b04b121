# Synthetic rewrite of the shape of changwxx/UniOT-for-UniDA:utils/lib.py at 9ba3bad29956c2f170cd82c9dd8cfa3ae2af3dda (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class PrototypeHead(nn.Module):
    """Unit-norm prototypes without bias; logits are scaled cosines by construction."""

    def __init__(self, dim, n_classes, temperature=0.05):
        super().__init__()
        self.proj = nn.Linear(dim, n_classes, bias=False)
        self.temperature = temperature
        self.renormalise()

    def renormalise(self):
        w = self.proj.weight.data
        self.proj.weight.data = w / w.norm(p=2, dim=1, keepdim=True)

    def forward(self, z):
        return self.proj(F.normalize(z)) / self.temperature


def fill_for_transport(target_feats, prototypes, threshold, fill_size):
    """Pad the target-to-prototype similarity matrix so that roughly half is 'common'."""
    scores = target_feats @ prototypes.t()          # both sides unit-norm
    best, _ = scores.max(dim=1)
    keep = (best > threshold).nonzero().view(-1)
    n_pos = keep.numel()
    n_neg = best.numel() - n_pos
    if n_pos / best.numel() <= 0.5:
        extra = n_neg - n_pos
        if extra <= 0:
            return scores, 0
        pick = keep[torch.randint(0, max(n_pos, 1), (extra,))] if n_pos else None
        if pick is None:
            return scores, 0
        return torch.cat([scores[pick], scores], 0), extra
    extra = n_pos - n_neg
    if extra <= 0:
        return scores, 0
    far = scores.argmin(dim=1)
    fake = F.normalize(0.5 * target_feats + 0.5 * prototypes.data[far])
    pick = torch.randint(0, fake.size(0), (extra,))
    fake_scores = fake[pick] @ prototypes.t()
    return torch.cat([fake_scores, scores], 0), extra


def common_class_step(head, queue_feats, batch_feats, threshold=0.7):
    protos = head.proj.weight                      # rows of the prototype classifier
    feats = torch.cat([queue_feats, F.normalize(batch_feats)], 0)
    return fill_for_transport(feats, protos, threshold, fill_size=queue_feats.size(0))
