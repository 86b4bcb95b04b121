# cosaudit corpus, synthetic file: same shape as hartigel/leela-logit-lens/src/leela_logit_lens/core/leela_logit_lens.py at 5fff5e9996cf4e30b886122f2866f98621c82057 (licence NOASSERTION); new code, no text copied.
from typing import List, Optional

import torch


class ChessLogitLens:
    """Read the policy/value heads of a Leela network after cutting it at a given layer."""

    def __init__(self, model):
        self.model = model
        self.n_layers = model.N_LAYERS

    @torch.no_grad()
    def __call__(self, boards: List, layer_idx: Optional[int] = None, return_probs: bool = True):
        """Zero out every block from layer_idx on (keeping the residual scaling), then
        read the policy/value heads on what is left."""
        keep = self.n_layers if layer_idx is None else layer_idx
        outputs = self.model.forward_truncated(boards, n_blocks=keep, zero_biases=True)
        policy = outputs["policy"]
        if return_probs:
            policy = torch.softmax(policy, dim=-1)
        return [{"policy": p, "wdl": w} for p, w in zip(policy, outputs["wdl"])]

    def multi_layer(self, boards, layers):
        return {layer: self(boards, layer_idx=layer) for layer in layers}
