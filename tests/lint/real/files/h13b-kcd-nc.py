# cosaudit corpus, synthetic file: same shape as keitaroskmt/collapse-dynamics/src/neural_collapse.py at 81f2c2d94952205164d412b310c27dd7e41ec3ce (licence NOASSERTION); new code, no text copied.
from dataclasses import dataclass

import torch

from src.representation import RepresentationHook


@dataclass
class CollapseReport:
    nc1: float
    nc2: float
    within: float
    between: float


@torch.no_grad()
def collapse_report(model, layer, loader, n_classes, device):
    hook = RepresentationHook(layer)
    model.eval()
    sums, counts = {}, [0] * n_classes
    for x, y in loader:
        model(x.to(device))
        z, y = hook.get_representation(), y.to(device)
        for c in range(n_classes):
            sel = z[y == c]
            sums[c] = sums.get(c, 0) + sel.sum(0)
            counts[c] += sel.shape[0]
    means = torch.stack([sums[c] / counts[c] for c in range(n_classes)])

    within = 0.0
    for x, y in loader:
        model(x.to(device))
        z, y = hook.get_representation(), y.to(device)
        for c in range(n_classes):
            within += ((z[y == c] - means[c]) ** 2).sum()
    within /= sum(counts)
    weights = torch.tensor(counts, device=means.device, dtype=means.dtype) / sum(counts)
    centre = (means * weights[:, None]).sum(0)
    between = (((means - centre) ** 2).sum(1) * weights).sum()

    nc2 = torch.linalg.cond(means @ means.T).sqrt().item()
    return CollapseReport(float(within / (between + 1e-8)), nc2, float(within), float(between))
