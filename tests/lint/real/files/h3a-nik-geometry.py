# cosaudit corpus, synthetic file: same shape as nikitus20/llama-token-geometry/src/analyzer/geometry.py at 5f1ab87d2c62c6c3d6119513c65c05419e0ecd43 (licence NOASSERTION); new code, no text copied.
"""Geometry of token states across layers: pairwise cosine, norms, update sizes."""
import numpy as np
import torch
import torch.nn.functional as F


class TokenGeometry:
    def __init__(self, model):
        self.model = model

    @torch.no_grad()
    def layer_states(self, input_ids):
        out = self.model(input_ids, output_hidden_states=True)
        return out.hidden_states                                   # tuple of [batch, seq, d]

    @torch.no_grad()
    def mean_pairwise_cosine(self, input_ids):
        result = {}
        for layer, states in enumerate(self.layer_states(input_ids)[1:]):
            sims = []
            for seq in states:
                unit = F.normalize(seq, p=2, dim=1)
                grid = unit @ unit.t()                             # [seq, seq]
                n = grid.shape[0]
                sims.append(((grid.sum() - n) / (n * (n - 1))).item())
            result[layer] = float(np.mean(sims))
        return result
