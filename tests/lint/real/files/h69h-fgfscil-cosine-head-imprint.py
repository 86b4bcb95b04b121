# Synthetic rewrite of the shape of yahuuuuuuu/Fine-Grained-FSCIL:models/lgf/Network.py at 69ba7db70095a88733a3e20ef21849044610b8f1 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class IncrementalCosineNet(nn.Module):
    """Few-shot class-incremental net whose classifier is a scaled cosine layer.

    Base training already uses temperature * cos(feature, row) as the logits,
    and new classes get rows imprinted from the mean of their support features
    (two rows per class: plain and rotated view).
    """

    def __init__(self, encoder, n_features, n_rows, temperature=16.0):
        super().__init__()
        self.encoder = encoder
        self.fc = nn.Linear(n_features, n_rows, bias=False)
        self.temperature = temperature

    def embed(self, images):
        return F.adaptive_avg_pool2d(self.encoder(images), 1).flatten(1)

    def cosine_logits(self, feats, rows):
        return self.temperature * F.linear(F.normalize(feats, dim=-1), F.normalize(rows, dim=-1))

    def forward(self, images):
        return self.cosine_logits(self.embed(images), self.fc.weight)

    @torch.no_grad()
    def imprint_new_classes(self, images, labels, new_classes):
        rotated = torch.rot90(images, 1, (2, 3))
        feats = self.embed(torch.cat([images, rotated]))
        tags = torch.cat([labels * 2, labels * 2 + 1])
        rows = []
        for c in new_classes:
            for slot in (2 * c, 2 * c + 1):
                proto = feats[tags == slot].mean(0)
                self.fc.weight.data[slot] = proto
                rows.append(proto)
        return torch.stack(rows)
