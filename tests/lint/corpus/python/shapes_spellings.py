# expect: COS301
"""Pairwise similarities of head rows in the spellings of several frameworks: products that
transpose by keyword or by contraction axes, broadcasting views, elementwise products, distances
between unit rows, kernels, lambda and `partial` helpers, rows kept under keys.

Shapes seen in public notebooks and scripts; written for cosaudit's tests.
"""
import itertools
from functools import partial

import jax.numpy as jnp
import numpy as np
import tensorflow as tf
import torch
import torch.nn.functional as F
from scipy.spatial.distance import cdist
from sklearn.metrics.pairwise import linear_kernel, pairwise_kernels
from transformers import AutoModelForCausalLM, AutoModelForImageClassification

lm = AutoModelForCausalLM.from_pretrained("org/causal-lm")
clf = AutoModelForImageClassification.from_pretrained("org/classifier")
W = lm.lm_head.weight
Wnp = clf.classifier.weight.detach().cpu().numpy()

# %% inner products: `inner(a, b)` is `a @ b.T`
g1 = np.inner(Wnp, Wnp)  # expect: COS102
g2 = torch.inner(F.normalize(W, dim=-1), F.normalize(W, dim=-1))  # expect: COS101
g3 = np.tensordot(Wnp, Wnp, axes=([1], [1]))  # expect: COS102

# %% TensorFlow / Keras: the kernel is [d, classes]; products transpose by keyword
kernel = clf.layers[-1].kernel
k_unit = tf.math.l2_normalize(kernel, axis=0)
t1 = tf.matmul(k_unit, k_unit, transpose_a=True)  # expect: COS101
rows = tf.transpose(kernel)
r_unit = rows / tf.norm(rows, axis=1, keepdims=True)
t2 = tf.linalg.matmul(r_unit, r_unit, transpose_b=True)  # expect: COS101
t3 = tf.reduce_sum(tf.multiply(rows[0], rows[1])) / (tf.norm(rows[0]) * tf.norm(rows[1]))  # expect: COS101

# %% JAX
Wj = jnp.asarray(Wnp)
Wj_unit = Wj / jnp.linalg.norm(Wj, axis=-1, keepdims=True)
j1 = jnp.inner(Wj_unit, Wj_unit)  # expect: COS101

# %% broadcasting views: the hidden axis is wherever the new axes put it
b1 = F.cosine_similarity(W[None], W[:, None], dim=2)  # expect: COS101
b2 = F.cosine_similarity(W.unsqueeze(1), W.unsqueeze(0), dim=2)  # expect: COS101
n = W.shape[0]
b3 = torch.nn.CosineSimilarity(dim=2)(W.unsqueeze(1).expand(n, n, -1), W.unsqueeze(0).expand(n, n, -1))  # expect: COS101
Wn = F.normalize(W, dim=1)
b4 = (Wn[:, None, :] * Wn[None, :, :]).sum(-1)  # expect: COS101
b5 = (Wn * Wn[3]).sum(dim=1)  # expect: COS101

# %% distances between unit rows are functions of their cosines
d1 = torch.cdist(Wn, Wn)  # expect: COS101
d2 = F.pairwise_distance(Wn[0:1], Wn[1:2])  # expect: COS101
d3 = torch.norm(Wn[4] - Wn[5])  # expect: COS101

# %% kernels
k1 = pairwise_kernels(Wnp, metric="cosine")  # expect: COS101
k2 = linear_kernel(Wnp)  # expect: COS102

# %% helpers written inline
cos = lambda a, b: np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b))  # noqa: E731
h1 = cos(Wnp[0], Wnp[1])  # expect: COS101
cos_t = partial(F.cosine_similarity, dim=0)
h2 = cos_t(W[2], W[3])  # expect: COS101
h3 = np.dot(Wnp[0], Wnp[1]) / np.linalg.norm(Wnp[0]) / np.linalg.norm(Wnp[1])  # expect: COS101

# %% rows kept under keys, then compared
classes = ["cat", "dog", "car"]
by_name = {c: W[i] for i, c in enumerate(classes)}
v1 = F.cosine_similarity(by_name["cat"], by_name["dog"], dim=0)  # expect: COS101
stored = {}
for i, c in enumerate(classes):
    stored[c] = Wnp[i]
v2 = stored["cat"] @ stored["car"]  # expect: COS102
pairs = {}
for i, j in itertools.combinations(range(len(classes)), 2):
    pairs[(i, j)] = 1 - cdist(Wnp[i : i + 1], Wnp[j : j + 1], "cosine")[0, 0]  # expect: COS101

# %% a word's sub-token rows averaged (or summed), pairs from itertools, correlations of rows
from scipy.stats import pearsonr  # noqa: E402

new_york = W[tok.encode(" New York")].mean(0)
los_angeles = W[tok.encode(" Los Angeles")].mean(0)
m1 = F.cosine_similarity(new_york, los_angeles, dim=0)  # expect: COS101
group_a = W[ids1].sum(dim=0)
group_b = W[ids2].sum(dim=0)
m2 = F.cosine_similarity(group_a, group_b, dim=0)  # expect: COS101
for u, v in itertools.combinations(Wnp, 2):
    print(u @ v / (np.linalg.norm(u) * np.linalg.norm(v)))  # expect: COS101
grid = [F.cosine_similarity(u, v, dim=0) for u, v in itertools.product(W, W)]  # expect: COS101
r, p = pearsonr(Wnp[3], Wnp[5])  # expect: COS101
paired = (F.normalize(W[ids1], dim=1) * F.normalize(W[ids2], dim=1)).sum(1)  # expect: COS101

# %% other nearest-neighbour indexes over the rows, paired distances, an assignment expression
import hnswlib  # noqa: E402
from annoy import AnnoyIndex  # noqa: E402
from gensim.models import KeyedVectors  # noqa: E402
from scipy.spatial.distance import correlation  # noqa: E402
from sklearn.metrics.pairwise import paired_cosine_distances  # noqa: E402

forest = AnnoyIndex(Wnp.shape[1], "angular")
for i, row in enumerate(Wnp):
    forest.add_item(i, row)
forest.build(10)
near = forest.get_nns_by_item(0, 10)  # expect: COS101 COS103
graph = hnswlib.Index(space="cosine", dim=Wnp.shape[1])
graph.add_items(Wnp)
found, dist = graph.knn_query(hidden_state, k=10)  # expect: COS120
kv = KeyedVectors(Wnp.shape[1])
kv.add_vectors(classes, Wnp)
kv.most_similar("cat")  # expect: COS101 COS103
pc = paired_cosine_distances(Wnp[ids1], Wnp[ids2])  # expect: COS101
cr = correlation(Wnp[0], Wnp[1])  # expect: COS101
if (head := clf.classifier.weight) is not None:
    walrus = F.normalize(head) @ F.normalize(head).T  # expect: COS101

# %% normalised by multiplying with an inverse norm or by a division function: a cosine lens
hidden_state = hidden_states[0, -1]
by_rsqrt = W * torch.rsqrt((W**2).sum(-1, keepdim=True))
l1 = by_rsqrt @ hidden_state  # expect: COS120
inverse = 1.0 / np.linalg.norm(Wnp, axis=1, keepdims=True)
l2 = (Wnp * inverse) @ hidden_state.numpy()  # expect: COS120
l3 = torch.div(W, W.norm(dim=-1, keepdim=True)) @ hidden_state  # expect: COS120
kernel_rows = tf.transpose(clf.layers[-1].kernel)
l4 = tf.linalg.matvec(tf.math.divide(kernel_rows, tf.norm(kernel_rows, axis=1, keepdims=True)), hidden_state)  # expect: COS120

# %% a DataFrame whose columns are the classes, correlated
import pandas as pd  # noqa: E402

frame = pd.DataFrame(Wnp.T, columns=classes)
class_corr = frame.corr()  # expect: COS101

# %% F.linear, covariances, clustering the unit rows
from pynndescent import NNDescent  # noqa: E402
from sklearn.cluster import AgglomerativeClustering, KMeans, SpectralClustering  # noqa: E402
from sklearn_extra.cluster import KMedoids  # noqa: E402

f1 = F.linear(W, W)  # expect: COS102
f2 = F.linear(F.normalize(W[ids1], dim=-1), F.normalize(W, dim=-1))  # expect: COS101
cv = np.cov(Wnp)  # expect: COS102
unit_rows = Wnp / np.linalg.norm(Wnp, axis=1, keepdims=True)
groups = KMeans(n_clusters=5).fit(unit_rows)  # expect: COS101 COS103
tree = AgglomerativeClustering(n_clusters=5, affinity="cosine", linkage="average").fit(Wnp)  # expect: COS101 COS103
spectral = SpectralClustering(n_clusters=5, affinity="cosine").fit_predict(Wnp)  # expect: COS101 COS103
medoids = KMedoids(n_clusters=5, metric="cosine").fit_predict(Wnp)  # expect: COS101 COS103
graph = NNDescent(Wnp, metric="cosine")  # expect: COS101

# %% Keras cosine objects
keras_cos = tf.keras.losses.CosineSimilarity(axis=-1)
kc = keras_cos(rows[0], rows[1])  # expect: COS101
st = F.cosine_similarity(*W[[3, 5]], dim=0)  # expect: COS101

# %% a head loaded from a file named for it, layout unknown: one-matrix pairwise functions
import pickle  # noqa: E402

from sklearn.metrics.pairwise import cosine_similarity  # noqa: E402

loaded = pickle.load(open("fc_weights.pkl", "rb"))
u1 = cosine_similarity(loaded)  # expect: COS101
u2 = np.corrcoef(loaded)  # expect: COS101

# %% square roots written as powers; squared norms in a denominator are not similarities
by_power = W / ((W**2).sum(-1, keepdim=True) ** 0.5)
l5 = by_power @ hidden_state  # expect: COS120
ra, rb = W[0], W[1]
p1 = (ra @ rb) / ((ra @ ra) * (rb @ rb)) ** 0.5  # expect: COS101
p2 = np.dot(Wnp[0], Wnp[1]) / np.sqrt(np.dot(Wnp[0], Wnp[0]) * np.dot(Wnp[1], Wnp[1]))  # expect: COS101
e_list = torch.einsum("ik,jk->ij", [W, W])  # expect: COS102

# %% a head loaded from a file named lm_head (rows) or W_U (columns): rows picked by index
lm_rows = np.load("lm_head.npy")
u3 = F.cosine_similarity(torch.from_numpy(lm_rows[3]), torch.from_numpy(lm_rows[4]), dim=0)  # expect: COS101
wu_cols = torch.load("gpt2_W_U.pt")
u4 = F.cosine_similarity(wu_cols[:, 3], wu_cols[:, 4], dim=0)  # expect: COS101
lm_logits = np.load("lm_head_logits.npy")
u5 = F.cosine_similarity(torch.from_numpy(lm_logits[3]), torch.from_numpy(lm_logits[4]), dim=0)
