# cosaudit corpus, synthetic file: same shape as caprilovel/lt_problem/engine.py at eac7852f3f5dc52e7f16bf4f57dd02ec3175b63b (licence NOASSERTION); new code, no text copied.
"""Helpers for a long-tailed CIFAR-10 run: per-class means, heatmaps, and an accuracy read off the classifier."""
import matplotlib.pyplot as plt
import seaborn as sns
import torch
import torch.nn.functional as F


def gather_features(net, loader, device):
    feats, ys = [], []
    trunk = torch.nn.Sequential(*list(net.children())[:-1])
    net.eval()
    with torch.no_grad():
        for x, y in loader:
            feats.append(trunk(x.to(device)).flatten(1).cpu())
            ys.append(y)
    return torch.cat(feats), torch.cat(ys)


def per_class_means(feats, ys, n_classes=10):
    return torch.stack([feats[ys == k].mean(0) for k in range(n_classes)])


def report(net, loader, device, tag=0):
    feats, ys = gather_features(net, loader, device)
    means = per_class_means(feats, ys)

    unit_means = F.normalize(means, dim=1)
    mean_cos = unit_means @ unit_means.T
    sns.heatmap(mean_cos.numpy(), vmin=-1, vmax=1, cmap="vlag", annot=True)
    plt.title("class means, pairwise cosine")
    plt.savefig(f"figs/mean_cos_{tag}.png")
    plt.close()

    head = net.fc.weight.detach().cpu()
    unit_head = F.normalize(head, dim=1)
    mean_vs_head = unit_means @ unit_head.T
    sns.heatmap(mean_vs_head.numpy(), vmin=-1, vmax=1, cmap="vlag", annot=True)
    plt.title("class means vs classifier rows")
    plt.savefig(f"figs/mean_head_{tag}.png")
    plt.close()

    # score every test feature against every (unit) classifier row
    unit_feats = F.normalize(feats, dim=1)
    scores = unit_feats @ unit_head.T
    top1 = (scores.argmax(1) == ys).float().mean().item()
    top3 = (scores.topk(3, dim=1).indices == ys[:, None]).any(1).float().mean().item()
    print(f"angle-to-row accuracy: top1 {top1:.3f}  top3 {top3:.3f}")
    return top1, top3
