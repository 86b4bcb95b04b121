# Synthetic rewrite of the shape of tail-unica/hopwise:hopwise/model/sequential_recommender/rpg.py at cb7d87a7e787603996df4404660db56b77345053 (licence MIT); not the original text.
"""Parallel semantic-ID recommender: each item is a tuple of codes, one softmax per code position,
and the code embeddings are compared on the unit sphere both for scoring and for an item graph."""
import torch
import torch.nn.functional as F
from torch import nn
from transformers import GPT2Config, GPT2Model


class ParallelCodeRec(nn.Module):
    def __init__(self, n_items, item_codes, n_pos, book, dim, tau, n_neighbours):
        super().__init__()
        self.item_codes = item_codes  # (n_items, n_pos), shifted ids into one shared code vocabulary
        self.n_items, self.n_pos, self.book, self.tau, self.k = n_items, n_pos, book, tau, n_neighbours
        cfg = GPT2Config(vocab_size=n_pos * book + 2, n_positions=64, n_embd=dim, n_layer=2, n_head=4)
        self.body = GPT2Model(cfg)
        self.heads = nn.ModuleList([nn.Linear(dim, dim) for _ in range(n_pos)])

    def code_table(self):
        return self.body.wte.weight[1:-1]  # drop pad / eos rows

    def code_logits(self, h):
        # scoring itself is angular: unit hidden state against unit code rows, over a temperature
        rows = F.normalize(self.code_table(), dim=-1).chunk(self.n_pos, dim=0)
        outs = [F.normalize(self.heads[p](h), dim=-1) @ rows[p].T / self.tau for p in range(self.n_pos)]
        return [F.log_softmax(o, dim=-1) for o in outs]

    @torch.no_grad()
    def item_graph(self, block=512):
        codes = F.normalize(self.code_table().view(self.n_pos, self.book, -1), dim=-1)
        code_cos = torch.bmm(codes, codes.transpose(1, 2))  # per position: code-vs-code cosines
        code_sim = (code_cos + 1.0) / 2.0
        sim = torch.zeros(self.n_items, self.n_items)
        for a in range(1, self.n_items, block):
            ca = self.item_codes[a:a + block]
            for b in range(1, self.n_items, block):
                cb = self.item_codes[b:b + block]
                acc = 0
                for p in range(self.n_pos):
                    ra = ca[:, p] - p * self.book - 1
                    rb = cb[:, p] - p * self.book - 1
                    acc = acc + code_sim[p].index_select(0, ra).index_select(1, rb)
                sim[a:a + block, b:b + block] = acc / self.n_pos
        return sim.topk(self.k, dim=-1).indices
