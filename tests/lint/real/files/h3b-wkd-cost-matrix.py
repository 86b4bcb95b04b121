# cosaudit corpus, synthetic file: same shape as JiamingLv/WKD/tools/generate_cost_matrix.py at 214cf8868c2b8e45781f238b8f0e47c2e4e38190 (licence NOASSERTION); new code, no text copied.
import argparse
import os
import torch


def centre_gram(K):
    n = K.shape[0]
    H = torch.eye(n, device=K.device) - 1.0 / n
    return H @ K @ H


def linear_cka(X, Y):
    Kx, Ky = centre_gram(X @ X.T), centre_gram(Y @ Y.T)
    return (Kx * Ky).sum() / (Kx.norm() * Ky.norm())


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="ResNet34")
    ap.add_argument("--dataset", default="imagenet")
    args = ap.parse_args()
    feats = torch.load(f"class_features/{args.dataset}_{args.model}.pth").float()   # (classes, n_per_class, d)
    n_cls = feats.shape[0]
    cost = torch.zeros(n_cls, n_cls)
    for i in range(n_cls):
        for j in range(i + 1, n_cls):
            cost[i, j] = 1 - linear_cka(feats[i], feats[j])
            cost[j, i] = cost[i, j]
    os.makedirs(f"wkd_cost_matrix/{args.dataset}/{args.model}", exist_ok=True)
    torch.save(cost, f"wkd_cost_matrix/{args.dataset}/{args.model}/cka.pth")
