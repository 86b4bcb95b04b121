# Synthetic rewrite of the shape of NaghamXD/SASRec-for-Fashion-Rental:let_it_go/model_lg.py at ca72f767afd68348dbb2ddda6c34380972fe9913 (licence Apache-2.0); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class ContentPlusDeltaItems(nn.Module):
    """Item vectors = unit-norm content vector + a small trainable per-item offset.
    The same vectors embed the history and score candidate items (pos/neg, sigmoid loss)."""

    def __init__(self, n_items, dim, img_feats=None, tag_feats=None):
        super().__init__()
        self.offset = nn.Embedding(n_items + 1, dim, padding_idx=0)
        nn.init.zeros_(self.offset.weight)
        self.img = nn.Embedding.from_pretrained(img_feats, freeze=True) if img_feats is not None else None
        self.tag = nn.Embedding.from_pretrained(tag_feats, freeze=True) if tag_feats is not None else None
        self.img_proj = nn.Sequential(nn.Linear(img_feats.shape[1], dim), nn.LayerNorm(dim)) if img_feats is not None else None
        self.tag_proj = nn.Sequential(nn.Linear(tag_feats.shape[1], dim), nn.LayerNorm(dim)) if tag_feats is not None else None
        self.dim = dim

    def forward(self, ids):
        content = torch.zeros(*ids.shape, self.dim, device=ids.device)
        if self.img is not None:
            content = content + self.img_proj(self.img(ids))
        if self.tag is not None:
            content = content + self.tag_proj(self.tag(ids))
        content = F.normalize(content, dim=-1)   # fixed length for the content part
        return content + self.offset(ids)


def pairwise_scores(seq_states, items, pos_ids, neg_ids):
    pos = items(pos_ids)
    neg = items(neg_ids)
    return (seq_states * pos).sum(-1), (seq_states * neg).sum(-1)


def bce_step(pos_logit, neg_logit, mask):
    lp = F.binary_cross_entropy_with_logits(pos_logit[mask], torch.ones_like(pos_logit[mask]))
    ln = F.binary_cross_entropy_with_logits(neg_logit[mask], torch.zeros_like(neg_logit[mask]))
    return lp + ln
