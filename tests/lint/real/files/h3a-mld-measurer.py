# cosaudit corpus, synthetic file: same shape as mariuslindegaard/Intermediate_Neural_Collapse/src/Measurer.py at 1fb134443b51ff8150c798166314b8867ab03495 (licence NOASSERTION); new code, no text copied.
"""Measurements of intermediate neural collapse: within-class variability and the relation of the last
layer's weights to the class means."""
import numpy as np
import scipy.linalg
import torch


def nc1(features, labels, means, global_mean):
    within = sum(torch.linalg.norm(features[labels == c] - m) ** 2 for c, m in means.items())
    between = sum(torch.linalg.norm(m - global_mean) ** 2 for m in means.values())
    return (within / between).item()


def weight_svd_vs_means(fc_weight, means, covariances, n_weight=100, n_class=10):
    """inner products between each unit class mean and the right singular vectors of the fc weights,
    and between the weight singular vectors and the top eigenvectors of each class covariance"""
    w = fc_weight.detach().cpu().numpy()
    _, s, vh = scipy.linalg.svd(w)
    rows = []
    for c, mean in enumerate(means):
        m = mean.cpu().numpy()
        m = m / np.linalg.norm(m)
        """ variant with the rows themselves:
        for r, w_row in enumerate(w):
            w_row = w_row / np.linalg.norm(w_row)
            rows.append(("row", r, c, float(m @ w_row)))
        """
        for i, right in enumerate(vh[:n_weight]):
            if i < len(s):
                rows.append(("sv", i, c, float(m @ right)))
        _, _, vh_c = scipy.linalg.svd(covariances[c])
        corr = vh[:n_weight] @ vh_c[:n_class].T
        for (i, j), v in np.ndenumerate(corr):
            rows.append(("cov", i, c, j, float(v)))
    return rows
