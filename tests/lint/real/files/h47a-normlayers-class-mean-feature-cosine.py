# Synthetic rewrite of the shape of gxh2932/Thesis:utils.py at e0c42a96444be5fb3772d0901fc0f3989e8fb2da (licence MIT); not the original text.
from itertools import combinations

import numpy as np
import torch

_cache = {}


def _grab(name):
    def hook(module, inp, out):
        _cache[name] = out.detach()
    return hook


def absolute_cosine_similarity(a, b):
    a, b = torch.as_tensor(a), torch.as_tensor(b)
    return torch.nn.CosineSimilarity(dim=1, eps=1e-6)(a, b).cpu().numpy()


def mean_between_class_cosine(net, loader, n_labels):
    # tap the last convolutional stage of the backbone
    net.module.layer3.register_forward_hook(_grab("feats"))
    net.eval()
    buckets = [[] for _ in range(n_labels)]
    with torch.no_grad():
        for x, y in loader:
            net(x.cuda(non_blocking=True))
            for label, f in zip(y.tolist(), _cache["feats"].cpu().numpy()):
                buckets[label].append(f)

    centroids = [np.mean(b, axis=0) for b in buckets if b]
    sims = []
    for combo in combinations(centroids, 2):
        sims.append(absolute_cosine_similarity(combo[0].reshape(1, -1), combo[1].reshape(1, -1)))
    return float(np.mean(sims))
