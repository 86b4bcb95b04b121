# cosaudit corpus, synthetic file: same shape as haoqiwang/vim/benchmark.py at 42adfaf3ca6306e1090e5aa06800b24d51c64c0f (licence Apache-2.0); new code, no text copied.
import argparse

import numpy as np
import torch
from numpy.linalg import norm, pinv
from scipy.special import logsumexp, softmax
from sklearn.covariance import EmpiricalCovariance
from sklearn.metrics import roc_auc_score


def get_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("head", help="npz file holding the classifier weight W and bias b")
    ap.add_argument("train_feats")
    ap.add_argument("val_feats")
    ap.add_argument("ood_feats", nargs="+")
    ap.add_argument("--dim", type=int, default=512)
    return ap.parse_args()


def auroc(ind, ood):
    y = np.r_[np.ones_like(ind), np.zeros_like(ood)]
    return roc_auc_score(y, np.r_[ind, ood])


def grad_norm_scores(feats, W, b):
    lin = torch.nn.Linear(W.shape[1], W.shape[0])
    lin.weight.data = torch.from_numpy(W).float()
    lin.bias.data = torch.from_numpy(b).float()
    out = []
    for f in torch.from_numpy(feats).float():
        lin.zero_grad()
        logp = torch.log_softmax(lin(f[None]), dim=-1)
        (-logp.mean()).backward()
        out.append(lin.weight.grad.abs().sum().item())
    return np.array(out)


def main():
    a = get_args()
    head = np.load(a.head)
    W, b = head["W"], head["b"]
    tr, va = np.load(a.train_feats), np.load(a.val_feats)
    oods = {p: np.load(p) for p in a.ood_feats}

    logit_tr = tr @ W.T + b
    logit_va = va @ W.T + b
    logit_ood = {k: f @ W.T + b for k, f in oods.items()}

    origin = -pinv(W) @ b

    print("MSP")
    for k, lo in logit_ood.items():
        print(k, auroc(softmax(logit_va, -1).max(-1), softmax(lo, -1).max(-1)))

    print("Energy")
    for k, lo in logit_ood.items():
        print(k, auroc(logsumexp(logit_va, -1), logsumexp(lo, -1)))

    print("ViM")
    cov = EmpiricalCovariance(assume_centered=True).fit(tr - origin)
    vals, vecs = np.linalg.eigh(cov.covariance_)
    null = vecs[:, np.argsort(vals)[::-1][a.dim:]]
    res_tr = norm((tr - origin) @ null, axis=-1)
    alpha = logit_tr.max(-1).mean() / res_tr.mean()
    score_va = logsumexp(logit_va, -1) - alpha * norm((va - origin) @ null, axis=-1)
    for k, f in oods.items():
        score_ood = logsumexp(logit_ood[k], -1) - alpha * norm((f - origin) @ null, axis=-1)
        print(k, auroc(score_va, score_ood))

    print("GradNorm")
    g_va = grad_norm_scores(va, W, b)
    for k, f in oods.items():
        print(k, auroc(g_va, grad_norm_scores(f, W, b)))


if __name__ == "__main__":
    main()
