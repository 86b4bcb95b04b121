# cosaudit corpus, synthetic file: same shape as koyar4271/neural_collapse_analyze/analyze_nc.py at 57a1795b5e1ee2c14052a87c6baf11a6ec9e1c81 (licence NOASSERTION); new code, no text copied.
import numpy as np


def cosine_similarity(a, b):
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def neural_collapse_metrics(features, labels, classifier_weight=None):
    C = int(labels.max()) + 1
    global_mean = features.mean(axis=0)
    class_means = np.stack([features[labels == c].mean(axis=0) for c in range(C)]) - global_mean
    within = np.mean([np.var(features[labels == c] - class_means[c] - global_mean) for c in range(C)])
    nc1 = within / np.var(class_means)

    sims = [cosine_similarity(class_means[i], class_means[j]) for i in range(C) for j in range(i + 1, C)]
    nc2 = float(np.std(sims))

    nc3 = None
    if classifier_weight is not None:
        W = classifier_weight.cpu().detach().numpy()
        unit_means = class_means / np.linalg.norm(class_means, axis=1, keepdims=True)
        unit_W = W / np.linalg.norm(W, axis=1, keepdims=True)
        nc3 = float(np.mean([unit_means[c] @ unit_W[c] for c in range(C)]))
    return nc1, nc2, nc3
