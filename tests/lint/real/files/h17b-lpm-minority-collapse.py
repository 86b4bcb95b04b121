# cosaudit corpus, synthetic file: same shape as HornHehhf/LPM/minority_collapse.py at c8b5bb194a6d80bd3cfbddeec7fb183b4b16a116 (licence NOASSERTION); new code, no text copied.
"""Check minority collapse on a network trained on imbalanced data: do the
classifier vectors of the small classes end up pointing the same way?"""
import sys

import numpy as np
import torch
from scipy.spatial import distance

from data import load_data_from_pickle
from models import VGG, ResNet18
from train_models import simple_test_batch


def restore(cfg):
    net = ResNet18(color_channel=cfg["color_channel"]) if cfg["model"] == "ResNet18" \
        else VGG(cfg["model"], color_channel=cfg["color_channel"])
    tag = f"{cfg['data']}_{cfg['model']}_t1={cfg['t1']}_R={cfg['R']}_{cfg['fixed']}.pt"
    net.load_state_dict(torch.load(f"{cfg['dir_path']}/models/{tag}"))
    return net.cuda().eval()


@torch.no_grad()
def centred_class_means(data, net, n_cls=10, bs=100):
    feats, labels = [], []
    for i in range(0, len(data), bs):
        x = torch.stack([data[k][0] for k in range(i, min(i + bs, len(data)))]).cuda().squeeze(1)
        y = torch.stack([data[k][1] for k in range(i, min(i + bs, len(data)))]).squeeze()
        feats.append(net.get_features(x).cpu().numpy())
        labels.append(y.numpy())
    feats, labels = np.concatenate(feats), np.concatenate(labels)
    mu = feats.mean(0)
    return np.stack([feats[labels == c].mean(0) for c in range(n_cls) if (labels == c).any()]) - mu


def collapse_report(vectors, t1, what="weights"):
    k = len(vectors)
    norms = np.linalg.norm(vectors, axis=1)
    cos = np.array([[1 - distance.cosine(vectors[i], vectors[j]) for j in range(k)] for i in range(k)])
    off = cos[~np.eye(k, dtype=bool)]
    print(f"{what}: mean squared norm {np.mean(norms ** 2):.4f}, norm cv {norms.std() / norms.mean():.4f}")
    print(f"{what}: between-class cosine {off.mean():.4f} +- {off.std():.4f}, "
          f"gap to -1/(C-1) {np.abs(off + 1 / (k - 1)).mean():.4f}")
    if t1 < k:
        small = cos[t1:, t1:][~np.eye(k - t1, dtype=bool)]
        print(f"{what}: minority block\n{cos[t1:, t1:]}\nmean {small.mean():.4f} std {small.std():.4f}")


def duality_gap(W, M):
    W = W[:len(M)] / np.linalg.norm(W)
    M = M / np.linalg.norm(M)
    return np.linalg.norm(W - M) ** 2


if __name__ == "__main__":
    data, model_name, t1, R = (a.split("=")[1] for a in sys.argv[1:5])
    cfg = {"dir_path": "/path/to/work", "data": data, "model": model_name, "t1": int(t1), "R": R,
           "fixed": "big", "color_channel": 1 if data == "fashion_mnist" else 3}
    train, test = load_data_from_pickle(cfg)
    net = restore(cfg)
    print("test", simple_test_batch(test, net, cfg)[:3])
    W = net.classifier.weight.detach().cpu().numpy()
    collapse_report(W, cfg["t1"], "weights")
    M = centred_class_means(train, net)
    collapse_report(M, cfg["t1"], "features")
    print("duality gap", duality_gap(W, M))
