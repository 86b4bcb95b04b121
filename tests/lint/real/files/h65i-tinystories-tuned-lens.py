# Synthetic rewrite of the shape of hakonnoren/StableTransformerTinyStories:analysis/lenses.py at 2125654b667d23ff08fe069afbc966063ef8232a (licence NOASSERTION); not the original text.
"""Read intermediate residual states of a small story model through its own output head.

Two readouts per layer: the plain logit lens (final norm + lm_head applied to the raw
state) and a tuned lens that first passes the state through a learned affine map that
starts at the identity. Both are scored by KL to the model's own last-layer prediction.
"""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class AffineLens(nn.Module):
    def __init__(self, depth, width):
        super().__init__()
        self.maps = nn.ModuleList(nn.Linear(width, width) for _ in range(depth))
        for m in self.maps:
            nn.init.zeros_(m.weight)
            nn.init.zeros_(m.bias)

    def forward(self, layer, h):
        return h + self.maps[layer](h)


def readout(model, lens, layer, h):
    if lens is not None:
        h = lens(layer, h)
    return model.lm_head(model.ln_f(h))


@torch.no_grad()
def depth_kl(model, lens, batches, positions=256, seed=0):
    g = torch.Generator().manual_seed(seed)
    scores = {}
    for ids in batches:
        hiddens = model.layer_states(ids)
        target = F.log_softmax(model(ids)[:, :-1].float(), dim=-1)
        flat_t = target.reshape(-1, target.shape[-1])
        pick = torch.randperm(flat_t.shape[0], generator=g)[:positions]
        for layer, h in enumerate(hiddens):
            hs = h[:, :-1].reshape(-1, h.shape[-1])[pick]
            for tag, ln in (("raw", None), ("tuned", lens)):
                logits = readout(model, ln, layer, hs).float()
                kl = F.kl_div(F.log_softmax(logits, -1), flat_t[pick], reduction="batchmean", log_target=True)
                scores.setdefault((tag, layer), []).append(float(kl))
    return [{"layer": l, "lens": t, "kl": float(np.mean(v))} for (t, l), v in scores.items()]


def correction_size(lens):
    return [{"layer": i, "rel": float(m.weight.norm()) / m.weight.shape[0] ** 0.5}
            for i, m in enumerate(lens.maps)]
