# cosaudit corpus, synthetic file: same shape as kongwanbianjinyu/Neural-Collapse-For-Large-Number-of-Classes/GNC3.py at 037dc062a1432a11db0a56839e0b84327e27637d (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn


def duality_distance(class_means, global_mean, w):
    K = w.shape[0]
    h = torch.zeros_like(w)
    for k, v in class_means.items():
        h[k, :] = v - global_mean
    h_norm, w_norm = torch.norm(h).item(), torch.norm(w).item()
    h = nn.functional.normalize(h, dim=1, p=2)
    w = nn.functional.normalize(w, dim=1, p=2)
    gap = sum(1 - torch.dot(h[k], w[k]).item() for k in range(K)) / K
    return h_norm, w_norm, gap


def main(model, means, mu_G):
    w = model.linear.weight.detach()
    print(duality_distance(means, mu_G, w))
