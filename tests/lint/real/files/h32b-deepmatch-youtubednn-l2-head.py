# Synthetic rewrite of the shape of shenweichen/DeepMatch:deepmatch/models/youtubednn.py at fd74417629b19ba4518add93d05cafa551ac7c09 (licence Apache-2.0); not the original text.
"""Candidate-generation tower in the style of the YouTube DNN paper.

The user tower and the table of item vectors are both projected onto the unit
sphere, and a sampled softmax is trained on their scaled inner products.
"""
import tensorflow as tf
from tensorflow.keras import layers, Model


def l2_normalize(t, axis=-1):
    return layers.Lambda(lambda v: tf.math.l2_normalize(v, axis=axis))(t)


class SampledSoftmaxHead(layers.Layer):
    def __init__(self, n_sampled=200, tau=0.05, **kw):
        super().__init__(**kw)
        self.n_sampled = n_sampled
        self.tau = tau

    def call(self, inputs):
        table, query, target = inputs
        query = query / self.tau
        zero_bias = tf.zeros(tf.shape(table)[0])
        return tf.nn.sampled_softmax_loss(table, zero_bias, target, query,
                                          self.n_sampled, tf.shape(table)[0])


def build_candidate_model(n_items, n_users, dim=32, hidden=(64, 32), tau=0.05):
    uid = layers.Input(shape=(1,), name="uid", dtype="int64")
    target = layers.Input(shape=(1,), name="next_item", dtype="int64")

    user_vec = layers.Flatten()(layers.Embedding(n_users, dim)(uid))
    for width in hidden:
        user_vec = layers.Dense(width, activation="relu")(user_vec)
    user_vec = l2_normalize(user_vec)

    item_lookup = layers.Embedding(n_items, hidden[-1], name="item_table")
    all_ids = tf.range(n_items)
    item_table = item_lookup(all_ids)

    item_table = l2_normalize(item_table)
    loss_out = SampledSoftmaxHead(tau=tau)([item_table, user_vec, target])

    model = Model([uid, target], loss_out)
    model.user_vector = user_vec
    model.item_vectors = item_table
    return model
