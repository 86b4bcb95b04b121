# cosaudit corpus, synthetic file: same shape as besonder/Evenly-Dispersing-Regularization/utils/utils.py at ffdad7db9b89a5ef7239bbdeedcf4c0e62cfce46 (licence NOASSERTION); new code, no text copied.
import random

import numpy as np
import torch


class RunningMean:
    def __init__(self, name):
        self.name, self.total, self.count = name, 0.0, 0

    def update(self, value, n=1):
        self.total += value * n
        self.count += n

    @property
    def avg(self):
        return self.total / max(self.count, 1)


def topk_accuracy(output, target, topk=(1,)):
    _, pred = output.topk(max(topk), 1, True, True)
    hit = pred.t().eq(target.view(1, -1))
    return [hit[:k].reshape(-1).float().sum() * 100.0 / target.size(0) for k in topk]


def collect_weights(model):
    """Linear weights first (here: the classification layer), then 1x1 / first kernels, then 3x3 convs."""
    linear, kernels, convs = [], [], []
    first = True
    for m in model.modules():
        if isinstance(m, torch.nn.Conv2d):
            if m.kernel_size[0] == 1 or first:
                kernels.append(m.weight)
                first = False
            else:
                convs.append((m.weight, m.stride[0]))
        elif isinstance(m, torch.nn.Linear):
            linear.append(m.weight)
    return linear, kernels, convs


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)


def nearest_angle_stats(weight):
    rows = weight.reshape(weight.shape[0], -1)
    gram = rows @ rows.t()
    sq = torch.diagonal(gram)
    cos = gram / ((torch.sqrt(sq[:, None] * sq[None, :]) + 1e-8) * 1.001)
    off = ~torch.eye(rows.shape[0], dtype=torch.bool)
    closest = cos[off].abs().view(rows.shape[0], -1).max(dim=1).values
    theta = torch.arccos(closest)
    return theta.mean(), theta.min(), theta.max(), rows.norm(dim=1).mean()


def log_angles(linear, kernels, convs, log_file, which=-1):
    layers = linear + kernels + [w for w, _ in convs]
    with torch.no_grad():
        for i, w in enumerate(layers):
            if which in (-1, i):
                mean, lo, hi, norm = nearest_angle_stats(w)
                line = f"weight {i} {tuple(w.shape)}: mean {mean:.3f} min {lo:.3f} max {hi:.3f} norm {norm:.3f}"
                print(line)
                log_file.write(line + "\n")
