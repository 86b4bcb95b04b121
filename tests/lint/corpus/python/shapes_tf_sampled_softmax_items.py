# expect: COS301
"""A recommender's softmax over items in TensorFlow 1 (YouTube-DNN candidate generation): the
weights given to `tf.nn.sampled_softmax_loss` are the head, one row per item, whatever their name;
a session's `run` fetches their values; a method of a class of this file returns them (to an
instance made here, or to an object only that class can be). Ranking users by cosine against the
unit rows (FAISS inner product after `normalize_L2`) is a cosine lens over the head. The
look-alikes stay quiet: FAISS over the raw rows (the maximum logit), NCE weights (a logistic
objective fixes each row), and the training logits themselves.

Shapes seen in public recommender code; written for cosaudit's tests.
"""
import faiss
import numpy as np
import tensorflow.compat.v1 as tf


class CandidateTower:
    def __init__(self, n_items, dim):
        self.n_items, self.dim = n_items, dim

    def build(self, feats, targets):
        user = tf.layers.dense(feats, self.dim, activation=tf.nn.relu, name="user")
        self.user_vec = user
        table = tf.get_variable("item_weights", [self.n_items, self.dim])
        bias = tf.get_variable("item_bias", [self.n_items])
        self.items = table
        self.loss = tf.reduce_mean(
            tf.nn.sampled_softmax_loss(
                weights=table, biases=bias, labels=targets, inputs=user, num_sampled=50, num_classes=self.n_items
            )
        )

    def fetch(self, sess, feed):
        return sess.run([self.user_vec, self.items], feed_dict=feed)


def unit_search(users, rows, k=10):
    index = faiss.IndexFlatIP(rows.shape[1])
    faiss.normalize_L2(rows)
    index.add(rows)
    faiss.normalize_L2(users)
    return index.search(users, k)


def raw_search(users, rows, k=10):
    index = faiss.IndexFlatIP(rows.shape[1])
    index.add(rows)
    return index.search(users, k)


def evaluate(sess, tower, feed):
    users, rows = tower.fetch(sess, feed)
    return unit_search(users, rows)  # expect: COS120


def serve(sess, tower, feed):
    users, rows = tower.fetch(sess, feed)
    return raw_search(users, rows)  # the maximum logit: quiet


tower = CandidateTower(50000, 64)
user_vecs, item_rows = tower.fetch(session, batch)
unit = item_rows / np.linalg.norm(item_rows, axis=1, keepdims=True)
neighbours = unit @ unit.T  # expect: COS101


class NegativeSampling:
    """NCE weights: a logistic objective per item fixes each row, so their cosines are the model's."""

    def build(self, feats, targets, n_items, dim):
        table = tf.get_variable("nce_weights", [n_items, dim])
        bias = tf.get_variable("nce_bias", [n_items])
        self.loss = tf.nn.nce_loss(table, bias, targets, feats, num_sampled=50, num_classes=n_items)
        self.table = table

    def similar(self, sess):
        rows = sess.run(self.table)
        unit = rows / np.linalg.norm(rows, axis=1, keepdims=True)
        return unit @ unit.T


def training_logits(user_vector, item_embedding, next_items):
    """The training step's logits (`transpose_b=True`): the rows against the users, no comparison."""
    output_embedding = tf.nn.embedding_lookup(item_embedding, next_items)
    logits = tf.matmul(user_vector, output_embedding, transpose_a=False, transpose_b=True)
    return tf.reduce_mean(-tf.log(tf.matrix_diag_part(tf.nn.softmax(logits)) + 1e-16))
