# expect: COS301
"""Written for cosaudit's tests: a TensorFlow checkpoint's variables read by name
(`tf.train.load_variable`, `checkpoint_utils.load_variable`, a reader's `get_tensor`); the last dense
layer's kernel is [d, n_classes], its columns the classes."""
import numpy as np
import tensorflow as tf
from sklearn.metrics.pairwise import cosine_similarity
from tensorflow.contrib.framework.python.framework import checkpoint_utils

CKPT = "runs/occupation/model.ckpt"

# the head's columns, turned into rows
head = np.transpose(checkpoint_utils.load_variable(CKPT, "final_layer/kernel"))
print(cosine_similarity(head[0].reshape(1, -1), head[1].reshape(1, -1)))  # expect: COS101

logits_kernel = tf.train.load_variable(CKPT, "model/logits/kernel")
print(cosine_similarity(logits_kernel.T))  # expect: COS101

reader = tf.train.load_checkpoint(CKPT)
preds = reader.get_tensor("predictions/kernel").T
sims = cosine_similarity(preds)  # expect: COS101

# look-alikes: a hidden layer's kernel and the word table of a text encoder
hidden = tf.train.load_variable(CKPT, "dense/kernel")
print(cosine_similarity(hidden))
words = tf.train.load_variable(CKPT, "embedding/embeddings")
print(cosine_similarity(words[:10]))
