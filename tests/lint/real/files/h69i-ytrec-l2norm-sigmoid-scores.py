# Synthetic rewrite of the shape of swj0419/Implementation-of-Youtube-Recomendation-Paper:Trainer_Cross_Entropy2.py at 70c76b990782906b2e6396e560d9d5a86da81aae (licence NOASSERTION); not the original text.
"""MovieLens candidate model in TF1: averaged watched-movie embeddings plus user
features go through an MLP; the score of every movie is the product of the
normalised user vector with the normalised movie table, trained with a
per-movie sigmoid cross-entropy."""
import tensorflow.compat.v1 as tf

N_MOVIES, DIM, N_FEAT, WINDOW = 3900, 64, 8, 50

tables = {"movie": tf.Variable(tf.random_uniform([N_MOVIES, DIM], -1.0, 1.0))}
layer_w = {"h1": tf.Variable(tf.random_normal([DIM + N_FEAT, 128])),
           "h2": tf.Variable(tf.random_normal([128, DIM]))}
layer_b = {"h1": tf.Variable(tf.zeros([128])), "h2": tf.Variable(tf.zeros([DIM]))}

watched = tf.placeholder(tf.int32, [None, WINDOW])
n_watched = tf.placeholder(tf.float32, [None, 1])
feats = tf.placeholder(tf.float32, [None, N_FEAT])
targets = tf.placeholder(tf.float32, [None, N_MOVIES])   # multi-hot


def tower(x):
    x = tf.nn.relu(tf.matmul(x, layer_w["h1"]) + layer_b["h1"])
    return tf.matmul(x, layer_w["h2"]) + layer_b["h2"]


pooled = tf.reduce_sum(tf.nn.embedding_lookup(tables["movie"], watched), 1) / n_watched
user = tower(tf.concat([pooled, feats], 1))

user_unit = tf.nn.l2_normalize(user, 0)
movie_unit = tf.nn.l2_normalize(tables["movie"], 0)
scores = tf.matmul(user_unit, tf.transpose(movie_unit))
loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(logits=scores, labels=targets))
train_op = tf.train.AdamOptimizer(1e-3).minimize(loss)
probs = tf.nn.sigmoid(scores)
