# cosaudit corpus, synthetic file: same shape as bucciadimela2-0/neural_collapse_mnist1D/nc_metrics.py at 0b1bb12b66bf2ba87ac888617590ade5defd050e (licence NOASSERTION); new code, no text copied.
import numpy as np


def nc2(H, y, k):
    mu_g = H.mean(0, keepdims=True)
    means = np.stack([H[y == c].mean(0) for c in range(k)]) - mu_g
    unit_means = means / (np.linalg.norm(means, axis=1, keepdims=True) + 1e-8)
    gram = unit_means @ unit_means.T
    np.fill_diagonal(gram, 0.0)
    return np.abs(gram + 1.0 / (k - 1)).mean(), unit_means


def nc3(model, unit_means, k):
    W = model.classifier.weight.detach().cpu().numpy().T
    w_unit = W / (np.linalg.norm(W, axis=0, keepdims=True) + 1e-8)
    nc3 = np.linalg.norm(w_unit - unit_means.T, "fro") / k
    return nc3
