# Synthetic rewrite of the shape of MinwooPark96/transferabilityPT:src/rel2abs.py at 299e4e79138fa2b8f09380e740c28da50a5f32c5 (licence NOASSERTION); not the original text.
"""Move a soft prompt between two encoders through cosine 'relative coordinates' to shared anchor words."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import optim

from .scoring import PromptScorer


class RelativePromptTransfer:
    def __init__(self, cfg, prompt_src, anchors_src, anchors_tgt, tgt_stats):
        # anchors_*: rows of each encoder's word-embedding table for the shared anchor words
        self.dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.cfg = cfg
        self.scorer = PromptScorer(cfg.target_model, cfg.task, self.dev)
        self.anchors_src = anchors_src.to(self.dev)
        self.anchors_tgt = anchors_tgt.to(self.dev)
        self.mu, self.sigma = (t.to(self.dev) for t in tgt_stats)
        self.rel_src = self.relative(prompt_src.to(self.dev), self.anchors_src)
        self.prompt_tgt = torch.empty(self.rel_src.shape[0], anchors_tgt.shape[1], device=self.dev, requires_grad=True)
        nn.init.xavier_normal_(self.prompt_tgt)
        self.loss_fn = nn.CosineEmbeddingLoss()

    def relative(self, vectors, anchors):
        A = F.normalize(vectors, dim=-1)
        B = F.normalize(anchors, dim=-1)
        return torch.matmul(A, B.T)      # (prompt_len, n_anchors) cosine coordinates

    def rescale(self, x):
        return (x - x.mean()) / x.std() * self.sigma + self.mu

    def fit(self, steps=20000, lr=1e-3):
        opt = optim.Adam([self.prompt_tgt], lr=lr)
        ones = torch.ones(self.rel_src.shape[0], device=self.dev)
        best, best_acc = None, -1.0
        for step in range(steps):
            cand = self.rescale(self.prompt_tgt)
            loss = self.loss_fn(self.relative(cand, self.anchors_tgt), self.rel_src, ones)
            loss.backward()
            opt.step()
            opt.zero_grad()
            if (step + 1) % 1000 == 0:
                acc = self.scorer.accuracy(cand.detach())
                if acc > best_acc:
                    best, best_acc = cand.detach(), acc
        return best
