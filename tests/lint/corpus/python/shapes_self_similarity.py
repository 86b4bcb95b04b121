# expect: COS301
"""Self-similarity helpers: functions that compare the rows of the one matrix they are given,
called with a head. Spellings: a lambda, arccos of a normalised Gram in a method, a double loop
that divides a dot product by one norm and then by the other, helpers imported from modules
outside the scan and named for pairwise cosines, angles or a Gram matrix (the head transposed,
twice the same head, a keyword argument), a static helper and an unknown method called on `self`,
a similarity matrix turned into distances for a tree, and helpers never called here whose name
says they compare labels' rows (`label_similarity(vectors)`, `unembedding_angles(U)`), and helpers
given the head in the orientation whose labels they compare (rows of `fc.weight`, columns of `W_U`). The look-alikes stay quiet: the same helpers given features, class means or one row, a
helper given the head and features, a loss named for similarity, a logit lens in a
lambda, a dot product divided by one norm only (a projection), elementwise `np.cos`, and helpers
named for tokens' (input) embeddings or class features, and helpers that compare hidden dimensions
(the rows of `W_U`, the columns of `fc.weight`). A helper named for the similarity it plots, given the
head alone (beside the labels, a folder and a title), compares its rows as any such helper does.

Shapes seen in public neural-collapse, class-hierarchy and token-geometry code; written for
cosaudit's tests.
"""
import numpy as np
import torch
import torch.nn.functional as F
from scipy.cluster.hierarchy import linkage

import ana_utils as au
from ana_utils import compute_pairwise_angle, gram_matrix, pairwise_cos, plot_similarity, similarity_loss

model = torch.load("classifier.pt")
W = model.fc.weight.detach()
feats = torch.randn(512, W.shape[1])
class_means = feats[:10]

pairwise = lambda m: F.normalize(m, dim=-1) @ F.normalize(m, dim=-1).T  # noqa: E731
S_lambda = pairwise(W)  # expect: COS101
S_feats = pairwise(feats)
logits = (lambda h: h @ W.T)(feats)


class Geometry:
    def __init__(self, net):
        self.net = net

    def angles(self, rows):
        unit = rows / rows.norm(dim=1, keepdim=True)
        return torch.rad2deg(torch.acos((unit @ unit.T).clamp(-1, 1)))

    def head_angles(self):
        return self.angles(self.net.classifier.weight)  # expect: COS101

    def feature_angles(self, x):
        return self.angles(x)


def loop_cosines(w):
    n = w.shape[0]
    out = np.zeros((n, n))
    for a in range(n):
        for b in range(n):
            out[a, b] = w[a] @ w[b] / np.linalg.norm(w[a]) / np.linalg.norm(w[b])
    return out


def loop_projections(w, v):
    return [w[a] @ v / np.linalg.norm(v) for a in range(len(w))]


W_np = W.numpy()
C_loop = loop_cosines(W_np)  # expect: COS101
P_loop = loop_projections(W_np, feats[0].numpy())

angles = compute_pairwise_angle(W_np)  # expect: COS101
angles_t = au.compute_pairwise_angle(W_np.T.T)  # expect: COS101
cos_twice = pairwise_cos(W, W)  # expect: COS101
cos_keyword = au.cos_sim_matrix(x=W, dim=1)  # expect: COS101
gram = gram_matrix(model.fc.weight)  # expect: COS102
tree = linkage(1 - au.cosine_similarities(W_np), "average")  # expect: COS101, COS103
etf_gap = au.equiangular_W_error(model.fc.weight.clone())  # expect: COS101

cross = pairwise_cos(W, feats)
means = compute_pairwise_angle(class_means)
means_gap = au.equiangular_M_error(class_means)
one_row = au.cos_sim_matrix(W[3])
penalty = similarity_loss(W)
mixed = compute_and_plot_similarity_panels(W_np, feats, PLOTS_DIR)
# a helper named for the similarity it plots is given the head alone (round 44's
# `compute_and_plot_similarity_panels(rows, words, PLOTS_DIR, f"{key}.png")`): it compares the rows
shown = plot_similarity(W)  # expect: COS101
panels = compute_and_plot_similarity_panels(W_np, class_names, PLOTS_DIR, f"panels_{3}.png", title="fc")  # expect: COS101
OUT = "figures/head-gram"
grid = compute_and_plot_similarity_panels(W_np, class_names, OUT, "grid.png")  # expect: COS101


class Report:
    """A static helper called on `self`, and a method of a base class we cannot read."""

    def __init__(self, net):
        self.net = net

    @staticmethod
    def unit_gram(x):
        x = F.normalize(x, dim=1)
        return x @ x.T

    def head(self):
        return self.unit_gram(self.net.fc.weight)  # expect: COS101

    def head_by_name(self):
        return self.pairwise_cosines(self.net.fc.weight)  # expect: COS101

    def features(self, x):
        return self.unit_gram(x), self.pairwise_cosines(x)


elementwise = np.cos(W_np) + np.angle(W_np) + torch.cos(W).sum()


# never called here: the name says the rows compared are the labels', whatever the parameter is called
def label_similarity(vectors):
    v = F.normalize(vectors, dim=1)
    return v @ v.T  # expect: COS101


def cosine_between_classes(x, eps=1e-8):
    n = x / (x.norm(dim=1, keepdim=True) + eps)
    return n @ n.T  # expect: COS101


def unembedding_angles(U):
    U = F.normalize(U, dim=0)
    return torch.rad2deg(torch.acos(U.T @ U))  # expect: COS101


def token_similarity(embs):
    e = F.normalize(embs, dim=1)
    return e @ e.T


def class_cosines(features, labels):
    f = F.normalize(features[labels], dim=1)
    return f @ f.T


# which axis a helper compares: `x @ x.T` its rows, `x.T @ x` its columns; TransformerLens' `W_U` is [d, V]
def rows_gram(w):
    wn = F.normalize(w, dim=1)
    return wn @ wn.T


def cols_gram(m):
    m = m / m.norm(dim=0, keepdim=True)
    return m.T @ m


lm = torch.load("lm.pt")
token_rows = rows_gram(lm.unembed.W_U.T)  # expect: COS101
token_cols = cols_gram(lm.unembed.W_U)  # expect: COS101
class_rows = rows_gram(model.fc.weight)  # expect: COS101
hidden_rows = rows_gram(lm.unembed.W_U)
hidden_cols = cols_gram(model.fc.weight)
hidden_transposed = rows_gram(model.fc.weight.t())


# a cosine function with arguments bound by `functools.partial`
from functools import partial  # noqa: E402

cos0 = partial(F.cosine_similarity, dim=0)
pair_of_rows = cos0(W[3], W[5])  # expect: COS101
pair_of_features = cos0(feats[0], feats[1])


def spread_of_head(W):
    """W: the lm_head weight matrix (vocab x d); never called here."""
    Wn = F.normalize(W, dim=1)
    return (Wn @ Wn.T).std()  # expect: COS101


def spread_of_states(W):
    """W: hidden states (batch x d)."""
    Wn = F.normalize(W, dim=1)
    return (Wn @ Wn.T).std()
