"""Look-alikes of the spellings in `shapes_spellings.py` that must stay quiet: the same products,
broadcasts, distances, kernels and helpers applied to hidden states, features, class means,
input embeddings or other layers; the logit lens with one hidden vector; orthogonality
regularisers over every layer; squared norms; differences of rows.

Shapes seen in public notebooks and scripts; written for cosaudit's tests.
"""
import itertools
from functools import partial

import numpy as np
import tensorflow as tf
import torch
import torch.nn as nn
import torch.nn.functional as F
from sklearn.metrics.pairwise import linear_kernel, pairwise_kernels
from transformers import AutoModelForCausalLM, AutoModelForImageClassification

lm = AutoModelForCausalLM.from_pretrained("org/causal-lm")
clf = AutoModelForImageClassification.from_pretrained("org/classifier")
W = lm.lm_head.weight
Wnp = clf.classifier.weight.detach().cpu().numpy()
hidden = lm(input_ids, output_hidden_states=True).hidden_states[-1][0]

# %% the logit lens: one hidden vector against every row
h = hidden[-1]
logits = torch.inner(h, W)
logits_np = np.inner(h.detach().numpy(), Wnp)
logits_k = linear_kernel(h.detach().numpy()[None], Wnp)
kernel = clf.layers[-1].kernel
logits_tf = tf.matmul(tf.constant(x), kernel)
logits_tf_t = tf.matmul(tf.constant(x), tf.transpose(kernel), transpose_b=True)
logits_dot = tf.tensordot(tf.constant(x), kernel, axes=1)
contribution = (W[3] * h).sum()

# %% hidden states, features and class means compared with each other
hn = F.normalize(hidden, dim=-1)
s1 = torch.inner(hn, hn)
s2 = F.cosine_similarity(hidden[None], hidden[:, None], dim=2)
s3 = (hn[:, None, :] * hn[None, :, :]).sum(-1)
s4 = torch.cdist(hn, hn)
feats = extract_features(clf, loader)
s5 = pairwise_kernels(feats, metric="cosine")
class_means = torch.stack([feats[labels == c].mean(0) for c in range(10)])
s6 = F.cosine_similarity(W.unsqueeze(1), class_means.unsqueeze(0), dim=2)
s7 = (F.normalize(W, dim=1) - F.normalize(class_means, dim=1)).norm(dim=-1)
E = lm.get_input_embeddings().weight
En = F.normalize(E, dim=-1)
s8 = torch.inner(En[1], En[2])

# %% other layers (every layer in a loop reaches the output layer: flagged, see shapes_every_linear_loop.py)
a = clf.layer1.weight
b = clf.layer2.weight
s9 = torch.inner(a, b)
penalty = 0.0
for m in clf.modules():
    if isinstance(m, nn.Linear):
        wn = F.normalize(m.weight, dim=1)
        # every Linear layer, the output layer among them: its unit rows' cosines are penalised too
        penalty = penalty + ((torch.inner(wn, wn) - torch.eye(wn.shape[0])) ** 2).sum()  # expect: COS101

# %% squared norms, kernels that are not similarities, the whole-matrix contraction
sq = (W * W).sum(1)
frob = np.tensordot(Wnp, Wnp)
rbf = pairwise_kernels(Wnp, metric="rbf")
across_hidden = F.cosine_similarity(W.unsqueeze(2), W.unsqueeze(1), dim=0)

# %% differences of rows, and helpers given other vectors
gap = torch.norm(W[1] - W[2])  # expect: COS130
cos = lambda u, v: u @ v / (u.norm() * v.norm())  # noqa: E731
c1 = cos(hidden[0], hidden[1])
cos_t = partial(F.cosine_similarity, dim=-1)
c2 = cos_t(hidden[0], hidden[1])
by_word = {w: encode(w) for w in words}
c3 = F.cosine_similarity(by_word["cat"], by_word["dog"], dim=0)

# %% means that centre, correlations with behaviour, pairs of indices
from scipy.stats import pearsonr  # noqa: E402

mu = W.mean(0)
centred = W - mu
selected = W[ids] - W[ids].mean(0)
c4 = F.cosine_similarity(hidden.mean(0), hidden[0], dim=0)
# the similarity itself is flagged; correlating it with behaviour is COS104, not a row correlation
unit = F.normalize(W, dim=1)
sims = (unit @ unit.T).flatten()  # expect: COS101
r, p = pearsonr(sims.detach().numpy(), confusion.flatten())  # expect: COS104
for i, j in itertools.combinations(range(10), 2):
    print(i, j)
norms = (W[ids] * W[ids]).sum(1)

# %% indexes over features or word vectors, an inner-product index over raw rows, names of labels
import hnswlib  # noqa: E402
import pandas as pd  # noqa: E402
from annoy import AnnoyIndex  # noqa: E402
from gensim.models import KeyedVectors  # noqa: E402

forest = AnnoyIndex(512, "angular")
for i, f in enumerate(feats):
    forest.add_item(i, f)
near = forest.get_nns_by_item(0, 10)
logit_graph = hnswlib.Index(space="ip", dim=Wnp.shape[1])
logit_graph.add_items(Wnp)
top, score = logit_graph.knn_query(hidden_state, k=10)
w2v = KeyedVectors.load_word2vec_format("vectors.bin", binary=True)
w2v.most_similar("king")
names = pd.Index(classes)
if (h2 := hidden.mean(0)) is not None:
    c5 = F.normalize(h2, dim=0) @ F.normalize(hidden[1], dim=0)

# %% scalings that are not normalisations: the logit lens stays quiet
tempered = W * (1.0 / temperature)
lens = tempered @ h
scaled = torch.div(W, 2.0) @ h

# %% correlations between hidden dimensions or features
dims_corr = pd.DataFrame(Wnp).corr()
feat_corr = pd.DataFrame(feats).corr()

# %% F.linear as the forward pass, covariances over hidden dimensions, clustering features
from pynndescent import NNDescent  # noqa: E402
from sklearn.cluster import KMeans, SpectralClustering  # noqa: E402

out = F.linear(h, W)
hidden_cov = np.cov(Wnp.T)
clusters = KMeans(n_clusters=5).fit(F.normalize(feats, dim=1))
# raw rows clustered by distance (translation-invariant), and features by cosine
spectral_raw = SpectralClustering(n_clusters=5, affinity="nearest_neighbors").fit_predict(Wnp)  # expect: COS130
feature_graph = NNDescent(feats.numpy(), metric="cosine")
cosine_logits = F.linear(F.normalize(h, dim=-1), F.normalize(W, dim=-1))


class CosineHead(nn.Module):
    """A cosine classifier: its forward passes normalise the rows to compute the logits."""

    def __init__(self, dim: int, num_classes: int) -> None:
        super().__init__()
        self.fc = nn.Linear(dim, num_classes, bias=False)

    def forward_metric(self, x: torch.Tensor) -> torch.Tensor:
        return F.normalize(x, p=2, dim=-1) @ F.normalize(self.fc.weight, p=2, dim=-1).T

    def forward_linear(self, x: torch.Tensor) -> torch.Tensor:
        return F.linear(F.normalize(x, dim=-1), F.normalize(self.fc.weight, dim=-1))


pair = (hidden[0], hidden[1])
spread = F.cosine_similarity(*pair, dim=0)
print(*W.shape)

# %% averages of sub-token rows, centred over the vocabulary before they are compared
word_rows = np.stack([Wnp[t].mean(axis=0) for t in token_lists])
vocab_mean = Wnp.mean(axis=0)
centred_words = word_rows - vocab_mean
centred_gram = centred_words @ centred_words.T  # expect: COS110
