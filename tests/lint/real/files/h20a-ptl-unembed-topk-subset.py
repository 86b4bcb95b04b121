# Synthetic rewrite of the shape of pettyjohnjn/tuned-lens:tuned_lens/nn/unembed.py at bdc0d7d94f3fd9c04ff75b58b4f7db24b6fb569c (licence MIT); not the original text.
"""Frozen final-norm + unembedding used by the lenses, with an optional top-k vocabulary path."""
import copy
from typing import Optional

import torch

from tuned_lens import model_surgery


class Unembed(torch.nn.Module):
    def __init__(self, model):
        super().__init__()
        self.final_norm = copy.deepcopy(model_surgery.get_final_norm(model))
        self.unembedding = model_surgery.get_unembedding_matrix(model)
        for param in self.unembedding.parameters():
            param.requires_grad_(False)
        self.requires_grad_(False)

    def forward(self, h: torch.Tensor, *, idx_subset: Optional[torch.Tensor] = None):
        """Hidden states (B, T, d) -> logits; only the vocab ids in idx_subset (B, T, k) if given."""
        h = self.final_norm(h)
        if idx_subset is None:
            return self.unembedding(h)

        batch, seq, k = idx_subset.shape
        h_flat = h.reshape(-1, h.shape[-1])
        wanted = idx_subset.reshape(-1, k)
        distinct, back = torch.unique(wanted, return_inverse=True)
        W_sel = self.unembedding.weight[distinct]          # rows of the head for those ids
        logits_sel = h_flat @ W_sel.T
        picked = torch.gather(logits_sel, 1, back.view(-1, k))
        return picked.view(batch, seq, k)
