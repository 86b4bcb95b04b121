"""A model whose forward pass returns the product of its hidden states with a table's transpose
(`return h @ self.item_emb.weight.T`), and whose output goes to a cross-entropy (`logits = self(seq)`,
`F.cross_entropy(model(x), y)`): the table is read out as the output layer, a softmax head over items
or tokens, so a cosine of its rows changes under a translation of the head (COS101 and COS103).
Quiet: a model whose returned product normalises the table itself (a cosine classifier), two batches
compared by a contrastive model, and a model whose output goes to no softmax or cross-entropy.

Shapes seen in public sequential-recommender code (BERT4Rec-style item tables); written for
cosaudit's tests.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ItemReadout(nn.Module):
    def __init__(self, n_items, d=64, max_len=50):
        super().__init__()
        self.item_emb = nn.Embedding(n_items + 1, d)
        self.pos_emb = nn.Embedding(max_len, d)
        self.encoder = nn.GRU(d, d, batch_first=True)

    def forward(self, seq):
        pos = torch.arange(seq.size(1), device=seq.device)
        h, _ = self.encoder(self.item_emb(seq) + self.pos_emb(pos))
        return h @ self.item_emb.weight.T

    def loss(self, seq, target):
        logits = self(seq)
        return F.cross_entropy(logits.flatten(0, 1), target.flatten(), ignore_index=0)

    @torch.no_grad()
    def neighbours(self, item, k=10):
        unit = F.normalize(self.item_emb.weight, dim=-1)
        return (unit @ unit[item]).topk(k)  # expect: COS101 COS103


class TokenDecoder(nn.Module):
    def __init__(self, vocab, d=32):
        super().__init__()
        self.table = nn.Parameter(torch.randn(vocab, d) * 0.02)
        self.mix = nn.Linear(d, d)

    def forward(self, h):
        return F.linear(torch.tanh(self.mix(h)), self.table)


decoder = TokenDecoder(1000)
batch, labels = torch.randn(8, 32), torch.randint(0, 1000, (8,))
F.cross_entropy(decoder(batch), labels).backward()
rows = decoder.table.detach()
print(F.cosine_similarity(rows[3], rows[7], dim=0))  # expect: COS101


# quiet: a cosine classifier (the forward pass normalises the rows itself)
class CosineItems(nn.Module):
    def __init__(self, n_items, d=64):
        super().__init__()
        self.items = nn.Embedding(n_items, d)
        self.encoder = nn.Linear(d, d)

    def forward(self, x):
        return 16.0 * F.normalize(self.encoder(x), dim=-1) @ F.normalize(self.items.weight, dim=-1).T

    def loss(self, x, y):
        return F.cross_entropy(self(x), y)

    def similar(self, item):
        unit = F.normalize(self.items.weight, dim=-1)
        return (unit @ unit[item]).topk(5)


# quiet: two batches compared (a contrastive model's logits), and a model whose output is no logits
class TwoViews(nn.Module):
    def __init__(self, d=64):
        super().__init__()
        self.proj = nn.Linear(d, d)

    def forward(self, view_a, view_b):
        return self.proj(view_a) @ self.proj(view_b).T


class Scorer(nn.Module):
    def __init__(self, n, d=16):
        super().__init__()
        self.keys = nn.Embedding(n, d)

    def forward(self, h):
        return h @ self.keys.weight.T


contrast = TwoViews()
scores = contrast(torch.randn(4, 64), torch.randn(4, 64))
F.cross_entropy(scores, torch.arange(4))
scorer = Scorer(10)
print(torch.sigmoid(scorer(torch.randn(2, 16))))
unit_keys = F.normalize(scorer.keys.weight, dim=-1)
print(unit_keys @ unit_keys.T)
