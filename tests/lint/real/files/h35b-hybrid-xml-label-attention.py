# Synthetic rewrite of the shape of HX-idiot/Hybrid_Attention_XML:hybrid_xml.py at c1768d8256e7fb601ac13740efb53f8c92d8d4d5 (licence MIT); not the original text.
# Extreme multi-label text classifier: graph-derived label vectors act as attention queries.
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class LabelQueryXML(nn.Module):
    def __init__(self, n_labels, word_vecs, hid=256, d_att=256):
        super().__init__()
        self.words = nn.Embedding.from_pretrained(word_vecs, freeze=True)
        self.rnn = nn.LSTM(word_vecs.size(1), hid, batch_first=True, bidirectional=True)
        self.keys = nn.Linear(2 * hid, hid)
        self.queries = nn.Linear(hid, hid)
        self.att_a = nn.Linear(2 * hid, d_att)
        self.att_b = nn.Linear(d_att, n_labels)
        self.gate1 = nn.Linear(2 * hid, 1)
        self.gate2 = nn.Linear(2 * hid, 1)
        self.mid = nn.Linear(2 * hid, hid)
        self.score = nn.Linear(hid, 1)

    def forward(self, tokens, label_emb):
        h, _ = self.rnn(self.words(tokens))                      # [B, T, 2H]
        k = self.keys(h).transpose(1, 2)                          # [B, H, T]
        label_emb = self.queries(label_emb.expand(h.size(0), -1, -1))
        weights = torch.bmm(label_emb, k).softmax(dim=2)          # [B, L, T]
        via_labels = F.normalize(torch.bmm(weights, h), dim=-1)
        self_w = self.att_b(torch.tanh(self.att_a(h))).softmax(dim=1).transpose(1, 2)
        via_self = F.normalize(torch.bmm(self_w, h), dim=-1)
        g1 = torch.sigmoid(self.gate1(via_labels))
        g2 = torch.sigmoid(self.gate2(via_self))
        mix = (g1 * via_labels + g2 * via_self) / (g1 + g2)
        return torch.sigmoid(self.score(F.relu(self.mid(mix))).squeeze(-1))


def read_label_vectors(path, n_labels, dim=256):
    table = np.zeros((n_labels, dim))
    with open(path) as fh:
        next(fh)
        for row in fh:
            idx, *vals = row.split()
            table[int(idx)] = [float(v) for v in vals]
    return torch.from_numpy(table).float()
