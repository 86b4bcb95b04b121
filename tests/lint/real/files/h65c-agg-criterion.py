# Synthetic rewrite of the shape of ysw1021/AGG:fairseq/criterions/cross_entropy_agg.py at 0d7d77d5e3f429625e2ad9d984e8758b530c3624 (licence MIT); not the original text.
"""Adaptive gradient gating for rare-token rows of the softmax projection:
rows of tokens that are currently rare receive gated gradients so they are
not pushed in the common direction by every non-target context."""
import torch
import torch.nn.functional as F


class GatedRowLoss:
    def __init__(self, vocab_size, window, alpha, n_special, device="cuda"):
        self.counts = torch.zeros(window + 1, vocab_size, device=device)
        self.window = window
        self.alpha = alpha
        self.n_special = n_special

    def _gates(self, step, targets):
        slot = step % (self.window + 1)
        self.counts[slot] = 0
        self.counts[slot - 1].index_add_(0, targets, torch.ones_like(targets, dtype=torch.float))
        seen = self.counts.sum(0)

        rate = seen / min(step, self.window)
        rate[: self.n_special] = 1.0
        rare = rate < self.alpha
        g_common = torch.where(rare, rate, torch.ones_like(rate))
        rel = (seen / (seen[rare].mean() + 1e-7)).clamp(max=1.0)
        rel[~rare] = 1.0
        rel[: self.n_special] = 1.0
        return rare, g_common, rel

    def __call__(self, decoder, feats, targets, step):
        rare, g_common, g_rare = self._gates(step, targets)
        W = decoder.output_projection.weight            # softmax rows, one per token
        h = feats.detach().reshape(-1, feats.shape[-1])
        tgt_is_rare = rare[targets]

        losses = []
        for mask, gate in ((~tgt_is_rare, g_common), (tgt_is_rare, g_rare)):
            if mask.any():
                z = F.linear(h[mask], W)                     # plain dot products
                gg = gate.expand_as(z).clone()
                gg[torch.arange(z.shape[0]), targets[mask]] = 1.0
                z = gg * z + (1 - gg) * z.detach()
                losses.append(F.cross_entropy(z.float(), targets[mask], reduction="sum"))

        z_feat = F.linear(feats.reshape(-1, feats.shape[-1]), W.detach())
        losses.append(F.cross_entropy(z_feat.float(), targets, reduction="sum"))
        return sum(losses)
