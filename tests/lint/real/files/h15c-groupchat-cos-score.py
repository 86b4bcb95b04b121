# cosaudit corpus, synthetic file: same shape as TanyaZhao/groupchat_pytorch/class_similarity.py at 4883638769abddc8030d234ec59f01a2d29907e9 (licence NOASSERTION); new code, no text copied.
"""Scoring candidate replies in a multi-party chat: an MLP over (context, reply) encodings, or the cosine
between the two encodings turned into a distribution over the candidates."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ReplyScorer(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(2 * hidden, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, context, replies):
        # context: (batch, hidden); replies: (n_candidates, batch, hidden)
        scores = [self.mlp(torch.cat([context, r], dim=1)).squeeze(1) for r in replies]
        return torch.sigmoid(torch.stack(scores))

    def cosine_scores(self, context, replies):
        sims = torch.stack([F.cosine_similarity(context, r, dim=1) for r in replies])
        return F.log_softmax(sims.t(), dim=1)
