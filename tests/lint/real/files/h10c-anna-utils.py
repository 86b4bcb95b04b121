# cosaudit corpus, synthetic file: same shape as annahdo/meta_info_processing/utils.py at 806e208a04fade3c92c1e7d37c39758ffbe79772 (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch
import torch.nn.functional as F
from scipy.stats import wilcoxon


def split_probe_data(acts, labels, frac=0.8, seed=0):
    rng = np.random.default_rng(seed)
    order = rng.permutation(acts.shape[1])
    cut = int(frac * len(order))
    tr, te = order[:cut], order[cut:]
    mu = acts[:, tr].mean(axis=1, keepdims=True)
    sd = acts[:, tr].std(axis=1, keepdims=True) + 1e-10
    return (acts[:, tr] - mu) / sd, (acts[:, te] - mu) / sd, torch.tensor(labels[tr]), torch.tensor(labels[te])


def lens_decode(model, hidden):
    """Plain logit lens: final norm, then the output head."""
    model.eval()
    return model.lm_head(model.model.norm(hidden.unsqueeze(0).to(model.device))).squeeze().detach().cpu().float()


def tuned_decode(model, hidden, translator=None):
    h = hidden.unsqueeze(0).to(model.device)
    if translator is not None:
        h = h + translator(h)
    return model.lm_head(model.model.norm(h)).squeeze().detach().cpu().float()


def mean_pairwise_cos(a, b):
    """a: (n, i, d), b: (n, j, d) hidden states -> (i, j) mean cosine."""
    return F.cosine_similarity(a.unsqueeze(2), b.unsqueeze(1), dim=-1).mean(dim=0)


def layerwise_tests(truth, lie):
    return np.array([wilcoxon(t, l, method="approx").pvalue for t, l in zip(truth, lie)])
