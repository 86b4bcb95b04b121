# Synthetic rewrite of the shape of facebookresearch/dino:eval_knn.py at 7c446df5b9f45747937fb0d72314eb9f7b66930a (licence Apache-2.0); not the original text.
"""Weighted k-NN evaluation of frozen self-supervised ImageNet features."""
import torch
import torch.nn.functional as F


@torch.no_grad()
def prepare(bank_feats, query_feats):
    # unit-length features so that inner products are cosines
    return F.normalize(bank_feats, dim=1), F.normalize(query_feats, dim=1)


@torch.no_grad()
def weighted_knn(bank_feats, bank_labels, query_feats, query_labels, k=20, temp=0.07, n_classes=1000, splits=100):
    bank_t = bank_feats.T
    step = max(1, query_labels.shape[0] // splits)
    votes_buffer = torch.zeros(k, n_classes, device=bank_feats.device)
    hit1 = hit5 = seen = 0
    for start in range(0, query_labels.shape[0], step):
        chunk = query_feats[start:start + step]
        gold = query_labels[start:start + step]
        b = gold.shape[0]
        cos = chunk @ bank_t                              # query x bank feature cosines
        top_vals, top_idx = cos.topk(k, dim=1)
        neighbour_labels = torch.gather(bank_labels.view(1, -1).expand(b, -1), 1, top_idx)
        votes_buffer.resize_(b * k, n_classes).zero_()
        votes_buffer.scatter_(1, neighbour_labels.view(-1, 1), 1)
        weights = (top_vals / temp).exp()
        scores = (votes_buffer.view(b, k, n_classes) * weights.view(b, k, 1)).sum(dim=1)
        ranked = scores.argsort(dim=1, descending=True)
        match = ranked.eq(gold.view(-1, 1))
        hit1 += match[:, :1].sum().item()
        hit5 += match[:, :min(5, k)].sum().item()
        seen += b
    return 100.0 * hit1 / seen, 100.0 * hit5 / seen
