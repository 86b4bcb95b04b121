# Synthetic rewrite of the shape of salesforce/CoSeRec:src/models.py at 8e6870760f9e8d00db92ff0656b9e59e9ef7a039 (licence BSD-3-Clause); not the original text.
import copy

import torch


class LiveNeighbourIndex:
    """Nearest items under the current item-embedding table of the sequence model.

    Used by the insert/substitute augmentations; the table is refreshed from the
    recommender every few epochs.
    """

    def __init__(self, n_items, device="cpu"):
        self.n_items = n_items
        self.device = device
        self.table = None
        self.all_ids = torch.arange(n_items, device=device)

    def refresh(self, embedding_module):
        self.table = copy.deepcopy(embedding_module)
        self.matrix = self.table(self.all_ids)
        self.hi, self.lo = self._score_range()

    def _score_range(self):
        hi, lo = float("-inf"), float("inf")
        for idx in range(1, self.n_items):
            probe = self.table(torch.tensor(idx, device=self.device)).view(-1, 1)
            scores = torch.mm(self.matrix, probe).view(-1)
            hi = max(hi, scores.max().item())
            lo = min(lo, scores.min().item())
        return hi, lo

    def neighbours(self, idx, k=1, with_score=False):
        probe = self.table(torch.tensor(idx, device=self.device)).view(-1, 1)
        scores = torch.mm(self.matrix, probe).view(-1)
        scores = (scores - self.lo) / (self.hi - self.lo)
        vals, ids = scores.topk(k + 1)
        pairs = [(i, v) for i, v in zip(ids.tolist(), vals.tolist()) if i != idx][:k]
        return pairs if with_score else [i for i, _ in pairs]


# elsewhere, in the trainer:
#   sim_index.refresh(model.item_embeddings)
# where the model is trained with a sigmoid loss on one positive and one sampled
# negative per position.
