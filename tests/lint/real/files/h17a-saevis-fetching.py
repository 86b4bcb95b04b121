# cosaudit corpus, synthetic file: same shape as callummcdougall/sae_vis/sae_vis/data_fetching_fns.py at 03ba43f8ac5d371289c43301518b503bcdd4957e (licence MIT); new code, no text copied.
"""Data for SAE feature dashboards: logit effects, correlated neurons, activation histograms."""
import einops
import torch


class RunningCorr:
    """Accumulates Pearson and cosine statistics between two activation batches without storing them."""

    def __init__(self, n_x, n_y):
        self.sx = torch.zeros(n_x)
        self.sy = torch.zeros(n_y)
        self.sxx = torch.zeros(n_x)
        self.syy = torch.zeros(n_y)
        self.sxy = torch.zeros(n_x, n_y)
        self.n = 0

    def update(self, x, y):  # x: [n_x, batch], y: [n_y, batch]
        self.n += x.shape[1]
        self.sx += x.sum(1)
        self.sy += y.sum(1)
        self.sxx += (x ** 2).sum(1)
        self.syy += (y ** 2).sum(1)
        self.sxy += x @ y.T

    def cosine_topk(self, k):
        cos = self.sxy / (self.sxx.sqrt()[:, None] * self.syy.sqrt()[None, :] + 1e-8)
        return cos.topk(k, dim=-1)


def feature_logit_effects(model, sae, feature_ids):
    direction = sae.W_dec[feature_ids]                       # [feats, d_model]
    logits = einops.einsum(direction, model.W_U, "f d, d v -> f v")
    return logits


def probe_effects(direction, probes):
    return {name: einops.einsum(direction, p, "f d, d o -> f o") for name, p in probes.items()}


def loss_effects(model, sae, tokens, cache, feature_ids, layer):
    acts = sae.encode(cache["resid_post", layer])[..., feature_ids]  # [b, s, f]
    direction = sae.W_dec[feature_ids]
    raw = direction @ model.W_U                                     # [f, vocab]
    correct = raw[:, tokens[0, 1:]]
    scale = cache["ln_final.hook_scale"][0, :-1, 0]
    return -(acts[0, :-1].T * correct / scale)


def tables(logits, k=10):
    top = logits.topk(k, dim=-1)
    bottom = (-logits).topk(k, dim=-1)
    return {"top": top, "bottom": bottom}
