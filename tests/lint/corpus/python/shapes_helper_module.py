# expect: COS301
"""A module of helpers whose caller lives in another file: one loads the classifier's weight from a
checkpoint, a sibling normalises a weight-named parameter and forms its Gram matrix. Given nothing
here, the sibling is taken to compare the rows of the head its module loads (medium confidence).
The look-alike compares features, a parameter named for what it is.

Shape seen in public class-similarity code (reference-class selection); written for cosaudit's tests.
"""
import torch


def load_classifier_weights(checkpoint_path):
    checkpoint = torch.load(checkpoint_path, map_location="cpu")
    return checkpoint["fc.weight"]


def compute_similarity(weights):
    weights = torch.nn.functional.normalize(weights, dim=1)
    return weights @ weights.T  # expect: COS101


def feature_similarity(features):
    features = torch.nn.functional.normalize(features, dim=1)
    return features @ features.T


def top_references(similarity, target, k=3):
    scores = similarity[target].clone()
    scores[target] = -float("inf")
    return torch.topk(scores, k=k)
