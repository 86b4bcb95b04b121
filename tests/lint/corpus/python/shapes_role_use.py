# expect: COS301
"""Heads recognised by what the code does with them: a matrix whose product with hidden states
becomes the logits or goes to softmax, a cross-entropy (a function or a criterion object), an
argmax or a top-k (`logits = h @ M.T`, `F.linear(h, M, b)`, `feats.matmul(C)`, numpy), a layer
whose output a cross-entropy takes. Its rows compared with each other elsewhere are reported.
The look-alikes stay quiet: attention scores (queries against keys), a cosine classifier that
computes its logits from normalised rows only, CLIP-style normalised text features, a regression
head, a sigmoid readout, a retrieval over document embeddings, prototypes, class means.

Shapes seen in public training and analysis code; written for cosaudit's tests.
"""
import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from sklearn.metrics.pairwise import cosine_similarity


def train_softmax_regression(feats, y, C, d):
    M = torch.randn(C, d, requires_grad=True)
    b = torch.zeros(C, requires_grad=True)
    for _ in range(100):
        logits = feats @ M.T + b
        loss = F.cross_entropy(logits, y)
        loss.backward()
    Mn = F.normalize(M.detach(), dim=1)
    return Mn @ Mn.T  # expect: COS101


def fit_prototype_readout(h, y, weight, bias):
    out = F.linear(h, weight, bias)
    pred = out.argmax(-1)
    acc = (pred == y).float().mean()
    return acc, cosine_similarity(weight.detach().numpy())  # expect: COS101


class Model(nn.Module):
    def __init__(self, d, k):
        super().__init__()
        self.body = nn.Linear(d, d)
        self.fc_out = nn.Linear(d, k)
        self.U = nn.Parameter(torch.randn(d, k))
        self.criterion = nn.NLLLoss()

    def step(self, x, y):
        feat = torch.relu(self.body(x))
        out = self.fc_out(feat)
        return F.cross_entropy(out, y)

    def step_columns(self, z, y):
        return self.criterion(torch.log_softmax(z @ self.U, dim=-1), y)

    def label_geometry(self):
        Un = self.U / self.U.norm(dim=0, keepdim=True)
        return Un.T @ Un  # expect: COS101


model = Model(32, 10)
Wt = model.fc_out.weight.detach()
print(F.cosine_similarity(Wt[1], Wt[4], dim=0))  # expect: COS101


def numpy_readout(X, coef, intercept):
    logits = np.dot(X, coef.T) + intercept
    probs = np.exp(logits) / np.exp(logits).sum(1, keepdims=True)
    return probs, coef @ coef.T  # expect: COS102


def next_tokens(hid, E_out):
    top = torch.topk(hid @ E_out.T, 5)
    close = F.cosine_similarity(E_out[11], E_out[12], dim=0)  # expect: COS101
    return top, close


# quiet: attention — queries against keys, then a softmax
def attention(q, k, v):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    attn = scores.softmax(dim=-1)
    return attn @ v, F.cosine_similarity(k[0], k[1], dim=0)


# quiet: a cosine classifier computes its logits from normalised rows only
def cosine_classifier_step(feats, Wc, y, s=16.0):
    logits = s * F.normalize(feats) @ F.normalize(Wc).T
    loss = F.cross_entropy(logits, y)
    Wcn = F.normalize(Wc, dim=1)
    return loss, Wcn @ Wcn.T


# quiet: CLIP zero-shot — text features normalised before they score the image
def zero_shot(image_features, text_features):
    text_features /= text_features.norm(dim=-1, keepdim=True)
    probs = (100.0 * image_features @ text_features.T).softmax(dim=-1)
    return probs, text_features @ text_features.T


# quiet: a regression head, a sigmoid readout, a retrieval, prototypes and class means
def regression(h, Wr, y):
    pred = h @ Wr.T
    return F.mse_loss(pred, y), Wr @ Wr.T


def tag_scores(h, Wm):
    probs = torch.sigmoid(h @ Wm.T)
    return probs, F.cosine_similarity(Wm[0], Wm[1], dim=0)


def retrieve(query, doc_embs):
    best = (query @ doc_embs.T).argmax(-1)
    return best, F.cosine_similarity(doc_embs[0], doc_embs[1], dim=0)


def protonet(h, prototypes, y):
    logits = h @ prototypes.T
    return F.cross_entropy(logits, y), F.cosine_similarity(prototypes[0], prototypes[1], dim=0)


# einsum with the label axis kept, and a loss that takes the logits reshaped
def lm_loss(h, W_vocab, y):
    logits = torch.einsum("btd,vd->btv", h, W_vocab)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), y.view(-1))
    unit = F.normalize(W_vocab, dim=-1)
    return loss, unit @ unit.T  # expect: COS101


def column_head_step(x, C, y):
    out = x @ C
    loss = F.cross_entropy(out.reshape(-1, 10), y)
    return loss, F.cosine_similarity(C[:, 0], C[:, 1], dim=0)  # expect: COS101


# quiet: a matrix whose name says it is normalised scores like a cosine classifier
def shortlist(h_unit, W_unit):
    return (h_unit @ W_unit.T).topk(8), W_unit @ W_unit.T


# the layer a model's forward pass returns, when the model's output goes to the loss
class SmallNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(256, 84)
        self.last = nn.Linear(84, 10)

    def forward(self, x):
        return self.last(F.relu(self.fc1(x)))


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(256, 64)

    def forward(self, x):
        return self.proj(x)


net = SmallNet().to("cpu")
encoder = Encoder()
loss_fn = nn.CrossEntropyLoss()
for inputs, labels in loader:
    loss = loss_fn(net(inputs), labels)
    codes = encoder(inputs)
Wlast = net.last.weight.detach()
print(F.cosine_similarity(Wlast.unsqueeze(1), Wlast.unsqueeze(0), dim=-1))  # expect: COS101
Wproj = encoder.proj.weight.detach()
print(F.cosine_similarity(Wproj.unsqueeze(1), Wproj.unsqueeze(0), dim=-1))


# quiet: a contrastive loss's logits compare two batches; a nearest-neighbour classifier's
# training set; a kernel over the training data
def info_nce(emb_a, emb_b, labels):
    logits = emb_a @ emb_b.T / 0.07
    return F.cross_entropy(logits, labels), F.cosine_similarity(emb_b[0], emb_b[1], dim=0)


def knn_predict(X_test, X_train, y_train):
    nearest = (X_test @ X_train.T).argmax(1)
    return y_train[nearest], X_train @ X_train.T


def simclr(z_i, z_j):
    logits = z_i @ z_j.T
    return F.cross_entropy(logits, torch.arange(len(z_i))), F.cosine_similarity(z_j[0], z_j[1], dim=0)


def softmax_recommender(user_vecs, V, labels):
    """An item matrix named `V` (a recommender's softmax weights), in TensorFlow's spelling of a
    transposed product: `tf.matmul(h, V, transpose_b=True)` is `h @ V.T`."""
    import tensorflow as tf

    logits = tf.matmul(user_vecs, V, transpose_b=True)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    Vn = V / np.linalg.norm(V, axis=1, keepdims=True)
    return loss, Vn @ Vn.T  # expect: COS101


def attention_values(q, k, v, wanted):
    """Attention's lower-case `v` stays a value, never a head, whatever its product feeds."""
    probs = F.softmax(q @ k.T / math.sqrt(q.shape[-1]), dim=-1)
    vn = F.normalize(v, dim=-1)
    return probs @ v, vn @ vn.T


def loss_on(h, W, y):
    logits = h @ W.T
    return F.cross_entropy(logits, y)


def train_items(loader, n_items, d):
    """The matrix given to a loss of this file in the place of its head is the head, whatever its name
    or shape says."""
    items = torch.randn(n_items, d, requires_grad=True)
    for h, y in loader:
        loss_on(h, items, y).backward()
    unit = F.normalize(items.detach(), dim=1)
    return unit @ unit.T  # expect: COS101


def best_match(q, table):
    return (q @ table.T).argmax(1)


def align(src, tgt):
    """A table handed to a helper that only takes an argmax over its product (a retrieval looks the same)
    is not made a head by it."""
    hits = best_match(src, tgt)
    unit = F.normalize(tgt, dim=1)
    return hits, unit @ unit.T


def neighbours_in_bank(output_f, fea_bank, k=5):
    """A bank of features searched by top-k (source-free adaptation's neighbours): a retrieval's database,
    not a head, whatever the bank is called (`fea_bank`, `memory_queue`)."""
    distance = output_f @ fea_bank.T
    _, near = torch.topk(distance, dim=-1, largest=True, k=k + 1)
    fea_near = fea_bank[near[:, 1:]]
    bank = fea_bank.unsqueeze(0).expand(fea_near.shape[0], -1, -1)
    second = torch.bmm(fea_near, bank.permute(0, 2, 1))
    return torch.topk(second, dim=-1, largest=True, k=k + 1)
