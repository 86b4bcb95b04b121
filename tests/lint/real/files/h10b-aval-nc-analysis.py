# cosaudit corpus, synthetic file: same shape as avalonstrel/NeuralCollapse/analysis.py at b16fa512936fe308b74ce3f27edd366e3e47b00d (licence MIT); new code, no text copied.
"""Track separability of class means across layers and correlate it with the loss."""
import numpy as np
import torch
from scipy.stats import pearsonr

from utils.evaluation.nc_measure import signal_to_noise, norm_distance


def layer_metrics(layer_feats, labels, num_classes):
    values = []
    for feats in layer_feats:
        out = signal_to_noise(feats, labels, num_classes)
        stn, between, within = out
        values.append({
            "log_stn": float(stn.abs().log()),
            "trace_between": float(torch.trace(between)),
            "trace_within": float(torch.trace(within)),
        })
    return values


def distance_ratio(layer_feats, labels, num_classes):
    ratios = []
    for feats in layer_feats:
        d_in, d_out, d_mean = norm_distance(feats, labels, num_classes, 1, 1, 0, norm_type=2)
        ratios.append(d_in / d_out)
    return ratios


def correlate(metric, losses):
    r, _ = pearsonr(np.asarray(metric), np.asarray(losses))
    return r
