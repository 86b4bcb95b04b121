# cosaudit corpus, synthetic file: same shape as glbreeze/ViT-cifar10/nc_metrics.py at 47f8aafd6745b274bcfa78cb9f46258a70962d43 (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch


def etf_gap(vectors):
    """Frobenius distance between the normalised Gram of `vectors` (K x D) and the simplex ETF Gram."""
    k = vectors.shape[0]
    gram = vectors @ vectors.T
    gram = gram / gram.norm(p="fro")
    target = (torch.eye(k) - torch.full((k, k), 1.0 / k)) / (k - 1) ** 0.5
    return (gram - target.to(gram.device)).norm(p="fro").item()


def mean_coherence(cols, n_cls):
    """Average |cos + 1/(C-1)| over off-diagonal pairs of the unit columns in `cols` (D x C)."""
    g = cols.T @ cols
    g = g + torch.ones(n_cls, n_cls, device=g.device) / (n_cls - 1)
    g = g - torch.diag(torch.diag(g))
    return g.abs().sum().item() / (n_cls * (n_cls - 1))


@torch.no_grad()
def collapse_report(net, batches, n_cls):
    feats, ys = [], []
    for x, y in batches:
        _, f = net(x, ret="of")
        feats.append(f)
        ys.append(y)
    feats, ys = torch.cat(feats), torch.cat(ys)
    means = torch.stack([feats[ys == c].mean(0) for c in range(n_cls)]).T   # D x C
    centred = means - means.mean(dim=1, keepdim=True)

    head = net.head_cb if hasattr(net, "head_cb") else net.fc
    w = head.weight.detach().T                                              # D x C
    # w = w - w.mean(dim=1, keepdim=True)
    w_len = w.norm(dim=0)
    m_len = centred.norm(dim=0)

    return {
        "w_norm_cv": (w_len.std() / w_len.mean()).item(),
        "m_norm_cv": (m_len.std() / m_len.mean()).item(),
        "cos_m": mean_coherence(centred / m_len, n_cls),
        "cos_w": mean_coherence(w / w_len, n_cls),
        "etf_m": etf_gap(centred.T),
        "etf_w": etf_gap(w.T),
    }
