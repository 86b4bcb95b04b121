# cosaudit corpus, synthetic file: same shape as Yaomister/gnn_neural_collapse/nc.py at 37fda3637c53dfa10ed0fff68dad7e1943e46355 (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch


def collapse_metrics(features, labels, num_classes):
    global_mean = features.mean(0)
    means = torch.stack([features[labels == c].mean(0) for c in range(num_classes)])
    centred = means - global_mean
    unit_means = centred / centred.norm(dim=1, keepdim=True)
    ideal = -1.0 / (num_classes - 1)

    spread = []
    for a in range(num_classes):
        for b in range(num_classes):
            if a != b:
                cos_ab = torch.dot(unit_means[a], unit_means[b])
                spread.append(abs(cos_ab.item() - ideal))
    norms = centred.norm(dim=1)
    return {"angle_spread": float(np.mean(spread)), "norm_cv": (norms.std() / norms.mean()).item()}
