# cosaudit corpus, synthetic file: same shape as Pepper-lll/NCfeature/collapse_analysis.py at c681f7e5b31a15de30be0d0695c47210ad203b40 (licence NOASSERTION); new code, no text copied.
import torch


def offdiag_coherence(V, C):
    """mean |cos + 1/(C-1)| over pairs of unit columns of V; 0 for a simplex ETF"""
    G = V.T @ V
    G = G + torch.ones(C, C, device=V.device) / (C - 1)
    G = G - torch.diag(torch.diag(G))
    return G.abs().sum().item() / (C * (C - 1))


@torch.no_grad()
def collapse_stats(model, loader, classifier, C, log):
    feats, labels = [], []
    for x, y, _ in loader:
        feats.append(model.forward_embedding(x.cuda()).flatten(1))
        labels.append(y.cuda())
    H, Y = torch.cat(feats), torch.cat(labels)
    means = torch.stack([H[Y == c].mean(0) for c in range(C)]).T     # (d, C)
    centred = means - means.mean(dim=1, keepdim=True)

    W = classifier.weight                                           # (C, d)
    w_norms = W.norm(dim=1)
    m_norms = centred.norm(dim=0)
    log["w_norm_cv"].append((w_norms.std() / w_norms.mean()).item())
    log["self_duality"].append((W.T / W.norm() - centred / centred.norm()).norm().item() ** 2)
    log["cos_means"].append(offdiag_coherence(centred / m_norms, C))
    log["cos_weights"].append(offdiag_coherence(W.T / w_norms, C))
