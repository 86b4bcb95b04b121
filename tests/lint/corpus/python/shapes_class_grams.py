# expect: COS301
"""The pairwise cosine (normalised Gram) matrix of a classifier's weight, with the weight reaching
the code by routes other than a known head name: the last layer found by walking a teacher's
children, `fc.state_dict()["weight"]`, `net.state_dict()["linear.weight"]`, a helper named for class
similarity, an imported
`extract_classifier_weights`, a regulariser documented over "(n_classes, n_features)" parameters,
`W @ W.T / outer(norms)` spelt with `mm`, a Flax classifier kernel transposed by `jnp.transpose`,
a pickle of "last layer" weights and a TF checkpoint's `fc2/weights`. The look-alikes stay quiet:
Grams of features, class means, the first layer, a hidden layer, attention and SAE weights, a
helper named for class similarity given features, a pickle of features.

Shapes seen in public knowledge-distillation and orthogonality-regulariser code; written for
cosaudit's tests.
"""
import pickle

import jax.numpy as jnp
import numpy as np
import torch
import torch.nn.functional as F
from sklearn import preprocessing as pp
from zskd.weights import extract_classifier_weights
from zskd.similarity import class_similarity_matrix


def class_similarity_of_teacher(teacher):
    layer = list(teacher.children())[-1]
    while "Sequential" in str(layer):
        layer = list(layer.children())[-1]
    w = list(layer.parameters())[0]
    w_n = F.normalize(w, p=2, dim=1)
    return torch.matmul(w_n, w_n.T)  # expect: COS101


def class_similarity_of_fc(model):
    w = model.fc.state_dict()["weight"]
    w_n = F.normalize(w, p=2, dim=1)
    return torch.matmul(w_n, w_n.T)  # expect: COS101


def class_similarity_of_cifar_resnet(net):
    w = F.normalize(net.state_dict()["linear.weight"], dim=-1)  # the CIFAR ResNet's `self.linear` head
    return w @ w.T  # expect: COS101


def similarity_of_a_block(net):
    w = F.normalize(net.state_dict()["layer1.0.conv1.weight"].flatten(1), dim=-1)
    return w @ w.T


def compute_class_similarity_matrix(weights):
    unit = F.normalize(weights, p=2, dim=1)
    return unit @ unit.T  # expect: COS101


concentration = class_similarity_matrix(extract_classifier_weights(teacher))  # expect: COS101


def weights_orthogonality(weights, margin=0.0):
    """Regularisation pushing the weights apart.

    :param weights: Learned parameters of shape (n_classes, n_features).
    """
    unit = F.normalize(weights, dim=1, p=2)
    return torch.mm(unit, unit.t()).clamp(min=margin).mean()  # expect: COS101


fc_weight = model.fc.weight
fc_norm = torch.norm(fc_weight, dim=1).unsqueeze(1)
gram = fc_weight.mm(torch.transpose(fc_weight, 1, 0))  # expect: COS101
orth_loss = torch.mean(gram / fc_norm.mm(torch.transpose(fc_norm, 1, 0)))


def classifier_orthogonality(params, eps=1e-8):
    weights = jnp.transpose(jnp.asarray(params["classifier"]["kernel"]), (1, 0))
    norms = jnp.linalg.norm(weights, axis=1)
    return (weights @ weights.T) / (norms[:, None] * norms[None, :] + eps)  # expect: COS101


saved = pickle.load(open("weight_and_bias_of_last_layer_teacher.pickle", "rb"))
saved_w = pp.normalize(saved["weight"], axis=0)
dirichlet = np.matmul(np.transpose(saved_w), saved_w)  # expect: COS101

with open("teacher_last_layer.pickle", "rb") as fh:
    head = pickle.load(fh)["weight"]
head_cols = pp.normalize(head, axis=0)
dirichlet_cols = head_cols.T @ head_cols  # expect: COS101


def last_linear(net):
    layer = list(net.children())[-1]
    while isinstance(layer, torch.nn.Sequential):
        layer = list(layer.children())[-1]
    return layer


def teacher_similarity(teacher):
    rows = next(last_linear(teacher).parameters())
    unit = F.normalize(rows, p=2, dim=1)
    return unit @ unit.T  # expect: COS101


def spread_classes(class_weights, margin=0.0):
    """Push the per-class weight vectors (n_classes x dim) apart."""
    unit = F.normalize(class_weights, p=2, dim=1)
    return (unit @ unit.t()).clamp(min=margin).mean()  # expect: COS101


def concentration(params, key="Teacher/fc2/weights"):
    w = params[key]
    w = w / np.linalg.norm(w, axis=0, keepdims=True)
    return w.T.dot(w)  # expect: COS101


def hidden_gram(params, key="Teacher/conv1/weights"):
    w = params[key]
    w = w / np.linalg.norm(w, axis=0, keepdims=True)
    return w.T.dot(w)


w2 = checkpoint["Teacher/fc2/weights"]
w2 = w2 / np.linalg.norm(w2, axis=0, keepdims=True)
C = w2.T.dot(w2)  # expect: COS101

# ---- quiet look-alikes
features_n = F.normalize(features, dim=1)
feature_gram = features_n @ features_n.T
means_n = F.normalize(class_means, dim=1)
mean_gram = means_n @ means_n.T
first = list(model.children())[0].weight.flatten(1)
first_n = F.normalize(first, dim=1)
filter_gram = first_n @ first_n.T
hidden_w = model.conv1.weight.flatten(1)
hidden_gram = hidden_w @ hidden_w.T / torch.outer(hidden_w.norm(dim=1), hidden_w.norm(dim=1))
wq = F.normalize(model.attn.W_Q, dim=-1)
attn_gram = wq @ wq.T
dec = F.normalize(sae.W_dec, dim=1)
atom_gram = dec @ dec.T


def class_similarity(features):
    unit = F.normalize(features, dim=1)
    return unit @ unit.T


def hidden_orthogonality(weights):
    """Soft orthogonality of a hidden layer of shape (n_features, n_features)."""
    unit = F.normalize(weights, dim=1)
    return unit @ unit.T


feats = pickle.load(open("last_layer_features.pickle", "rb"))
feats_n = pp.normalize(feats, axis=1)
feat_sim = np.matmul(feats_n, np.transpose(feats_n))
with open("last_layer_activations.pickle", "rb") as fh:
    acts = pp.normalize(pickle.load(fh), axis=1)
act_sim = acts @ acts.T


def loss_weighting(class_weights, logits, y):
    """Cross-entropy re-weighted per class."""
    w = class_weights / class_weights.norm()
    return F.cross_entropy(logits, y, weight=w)
