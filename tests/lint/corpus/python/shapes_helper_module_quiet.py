"""A module of helpers with no head loader: a Gram of a weight-named parameter, given nothing here,
is a helper the scan cannot judge (it may be given any matrix), and stays quiet.

Written for cosaudit's tests.
"""
import torch


def load_features(path):
    return torch.load(path)["features"]


def compute_similarity(weights):
    weights = torch.nn.functional.normalize(weights, dim=1)
    return weights @ weights.T
