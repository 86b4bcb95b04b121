# cosaudit corpus, synthetic file: same shape as Changhy26/WKL/tools/generate_cost_matrix.py at ccf30a6c9dbc1dbdb41cb1d450eafff741a0646e (licence NOASSERTION); new code, no text copied.
"""Build a class-to-class cost matrix from per-class teacher features (1 - linear CKA)."""
import argparse
import os

import torch
from tqdm import tqdm


def centred_cka(x, y):
    x = x - x.mean(0, keepdim=True)
    y = y - y.mean(0, keepdim=True)
    cross = torch.norm(y.T @ x, p="fro") ** 2
    return cross / (torch.norm(x.T @ x, p="fro") * torch.norm(y.T @ y, p="fro"))


def rbf_gram(x, sigma):
    g = x @ x.T
    sq = -2 * g + torch.diag(g)[:, None] + torch.diag(g)[None, :]
    return torch.exp(-sq / (2 * sigma ** 2 * torch.median(sq)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="ResNet34")
    ap.add_argument("--dataset", default="imagenet", choices=["cifar100", "imagenet"])
    ap.add_argument("--features", default="features_train.pth")
    ap.add_argument("--out", default="linear_cka.pth")
    args = ap.parse_args()

    root = os.path.join("wkd_cost_matrix", args.dataset, args.model)
    class_feat = torch.load(os.path.join(root, args.features)).float().cuda()
    k = class_feat.shape[0]
    dist = torch.zeros(k, k).cuda()
    for i in tqdm(range(k)):
        for j in range(i, k):
            dist[i, j] = 1 - centred_cka(class_feat[i], class_feat[j])
            dist[j, i] = dist[i, j]
    os.makedirs(root, exist_ok=True)
    torch.save(dist, os.path.join(root, args.out))


if __name__ == "__main__":
    main()
