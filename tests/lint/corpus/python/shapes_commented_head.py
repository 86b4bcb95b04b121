"""A head known only from the comment where it is bound: a loaded matrix whose own line's comment says
it is the output layer's weights or has one row per class. Beside them, the look-alikes that stay
quiet: a comment about the last layer's features, a hidden layer's weights, a comment that names no
weights, a comment line above a block, a difference of the commented rows, and a layer named by its
role on a line that reads no weight or that the comment sets apart from the head.

Shapes seen in public weight-analysis scripts and notebooks; written for cosaudit's tests.
"""
import itertools

import numpy as np
import tensorflow as tf
import torch
from scipy.spatial import distance
from sklearn.metrics.pairwise import cosine_similarity

head_w = next(iter(torch.load("emotion_head.pt").values()))  # linear layer weight, one row per emotion
sim = cosine_similarity(head_w, head_w)  # expect: COS101

table = np.load("weights.npy")  # shape: (n_classes, n_inputs), e.g. the last Linear layer
for a, b in itertools.product(table, repeat=2):
    print(1 - distance.cosine(a, b))  # expect: COS101

W = np.loadtxt("clf.csv", delimiter=",")  # classifier weights, one row per class
Wn = W / np.linalg.norm(W, axis=1, keepdims=True)
print(Wn @ Wn.T)  # expect: COS101
print(W[0] - W[1])

# a TensorFlow checkpoint's variable under a layer's number: the comment names it the softmax head
job_rows = np.transpose(tf.train.load_variable("runs/job.ckpt", "dense_2/kernel"))  # the 33-way softmax head
print(cosine_similarity(job_rows))  # expect: COS101

# a comment line above describes a block, not one value: the output layer's weights, then features
U = np.load("u.npy")
print(cosine_similarity(U))

feats = np.load("feats.npy")  # features of the last layer, one per image
print(cosine_similarity(feats))

hidden = np.load("fc1.npy")  # weights of the first hidden layer
print(cosine_similarity(hidden))

logits = np.load("logits.npy")  # output layer
print(cosine_similarity(logits))

bias = np.load("b.npy")  # output layer bias
print(bias)

# named by its role, but set apart from the head, or no weight read on the line
emb = np.transpose(tf.train.load_variable("runs/lm.ckpt", "embed/kernel"))  # input table, not the softmax head
print(cosine_similarity(emb))
out = np.transpose(tf.train.load_variable("runs/job.ckpt", "dense_2/outputs"))  # the softmax head's output
print(cosine_similarity(out))
