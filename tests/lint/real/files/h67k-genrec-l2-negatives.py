# Synthetic rewrite of the shape of meta-recsys/generative-recommenders:generative_recommenders/research/modeling/sequential/autoregressive_losses.py at db1bf8f2e8f6a92a738dafd52a245eafb25a222b (licence Apache-2.0); not the original text.
import torch
import torch.nn.functional as F


class ItemNegatives(torch.nn.Module):
    """Draws random catalogue items as negatives, optionally as unit vectors."""

    def __init__(self, item_table: torch.nn.Embedding, catalogue_ids: torch.Tensor,
                 unit_norm: bool = True, eps: float = 1e-6):
        super().__init__()
        self.items = item_table
        self.register_buffer("catalogue", catalogue_ids)
        self.unit_norm = unit_norm
        self.eps = eps

    def rescale(self, v: torch.Tensor) -> torch.Tensor:
        if not self.unit_norm:
            return v
        return v / v.norm(dim=-1, keepdim=True).clamp(min=self.eps)

    def forward(self, positives: torch.Tensor, k: int):
        picks = torch.randint(0, self.catalogue.numel(), positives.shape + (k,),
                              device=positives.device)
        ids = self.catalogue[picks]
        return ids, self.rescale(self.items(ids))


class PairwiseBCE(torch.nn.Module):
    """One positive and one sampled negative per position, scored by a dot product."""

    def __init__(self, tau: float):
        super().__init__()
        self.tau = tau

    def forward(self, user_states, pos_ids, pos_vecs, weights, sampler: ItemNegatives):
        neg_ids, neg_vecs = sampler(pos_ids, 1)
        pos_vecs = sampler.rescale(pos_vecs)
        pos_logit = (user_states * pos_vecs).sum(-1) / self.tau
        neg_logit = (user_states.unsqueeze(1) * neg_vecs).sum(-1).squeeze(1) / self.tau
        valid = (pos_ids != neg_ids.squeeze(1)).float() * weights
        per = 0.5 * (
            F.binary_cross_entropy_with_logits(pos_logit, torch.ones_like(pos_logit), reduction="none")
            + F.binary_cross_entropy_with_logits(neg_logit, torch.zeros_like(neg_logit), reduction="none")
        )
        return (per * valid).sum() / valid.sum()
