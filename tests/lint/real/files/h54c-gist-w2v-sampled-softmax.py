# Synthetic rewrite of the shape of gistable/gistable:all-gists/ed884c433c495075f000/snippet.py at c6ada9a1d1fca84e52cf5c6a0d8b0b157595f308 (licence MIT); not the original text.
import math

import tensorflow as tf

n_words = 50000
dim = 128
batch = 64
n_neg = 32
probe_ids = [3, 7, 11, 19]

g = tf.Graph()
with g.as_default():
    centre = tf.placeholder(tf.int32, shape=[batch])
    context = tf.placeholder(tf.int32, shape=[batch, 1])
    probes = tf.constant(probe_ids, dtype=tf.int32)

    # input word table and the sampled-softmax output table
    word_table = tf.Variable(tf.random_uniform([n_words, dim], -1.0, 1.0))
    out_w = tf.Variable(tf.truncated_normal([n_words, dim], stddev=1.0 / math.sqrt(dim)))
    out_b = tf.Variable(tf.zeros([n_words]))

    # nearest words are read from the INPUT table, unit rows
    lengths = tf.sqrt(tf.reduce_sum(tf.square(word_table), 1, keep_dims=True))
    unit_words = word_table / lengths
    probe_vecs = tf.nn.embedding_lookup(unit_words, probes)
    nearest_scores = tf.matmul(probe_vecs, unit_words, transpose_b=True)

    looked_up = tf.nn.embedding_lookup(word_table, centre)
    objective = tf.reduce_mean(
        tf.nn.sampled_softmax_loss(out_w, out_b, looked_up, context, n_neg, n_words)
    )
    step = tf.train.GradientDescentOptimizer(1.0).minimize(objective)
