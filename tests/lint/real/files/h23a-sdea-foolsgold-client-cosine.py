# Synthetic rewrite of the shape of WenkeHuang/SDEA:models/utils/util.py at c37f2d7dd5310203a680472d311bd0c865e4ac23 (licence NOASSERTION); not the original text.
import numpy as np
import sklearn.metrics.pairwise as smp


def krum_select(client_grads, n_attackers, m=1):
    """Keep the m clients whose updates are closest to their neighbours."""
    n = len(client_grads)
    dists = np.linalg.norm(client_grads[:, None, :] - client_grads[None, :, :], axis=-1)
    scores = np.sort(dists, axis=1)[:, 1:n - n_attackers - 1].sum(axis=1)
    return np.mean(client_grads[np.argsort(scores)[:m]], axis=0)


def fools_gold(current_delta, history, salient_idx, eps=1e-5):
    """FoolsGold: down-weight clients whose accumulated updates look alike (sybils)."""
    hist = np.take(history.copy(), salient_idx, axis=1)
    n = len(current_delta)
    cs = smp.cosine_similarity(hist) - np.eye(n)
    top = np.max(cs, axis=1) + eps
    for i in range(n):
        for j in range(n):
            if i != j and top[i] < top[j]:
                cs[i][j] *= top[i] / top[j]
    wv = np.clip(1 - np.max(cs, axis=1), 0, 1)
    wv = wv / np.max(wv)
    wv[wv == 1] = 0.99
    wv = np.log(wv / (1 - wv) + eps) + 0.5
    wv = np.clip(np.nan_to_num(wv, posinf=1.0), 0, 1)
    return np.dot(current_delta.T, wv)
