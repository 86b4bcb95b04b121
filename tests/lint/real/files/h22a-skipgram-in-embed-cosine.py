# Synthetic rewrite of the shape of wuhonglei/dh_ai:第一期/week8-word2vec词嵌入算法/skip_gram/model.py at f07e15dad0f9cc9aadf4ad0971693933c99ba97b (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn


class SGNS(nn.Module):
    """Skip-gram with negative sampling: separate centre and context tables, sigmoid scores."""

    def __init__(self, n_words, dim):
        super().__init__()
        self.centre = nn.Embedding(n_words, dim)
        self.context = nn.Embedding(n_words, dim)

    def forward(self, centre_ids, ctx_ids, neg_ids):
        c = self.centre(centre_ids)
        pos = torch.sigmoid((c * self.context(ctx_ids)).sum(1))
        neg = torch.sigmoid(-torch.bmm(self.context(neg_ids), c.unsqueeze(2)).squeeze(2))
        return -(torch.log(pos) + torch.log(neg).sum(1)).mean()

    def neighbours(self, word, w2i, i2w, k=10):
        query = self.centre(torch.LongTensor([w2i[word]])).expand(len(w2i), -1)
        every = self.centre(torch.arange(len(w2i)))
        sims = nn.CosineSimilarity(dim=1)(query, every)
        top, idx = torch.topk(sims, k + 1)
        return [(i2w[j.item()], top[n].item()) for n, j in enumerate(idx)][1:]
