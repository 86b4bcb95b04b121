# Synthetic rewrite of the shape of keras-team/keras-io:examples/graph/node2vec_movielens.py at 015f3e7be2a3f4ea805f6ec99b76776762281431 (licence Apache-2.0); not the original text.
"""Item embeddings from random walks on a co-rating graph (skip-gram, negative sampling)."""
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers


def skipgram_model(n_tokens, dim):
    target = layers.Input(name="target", shape=(), dtype="int32")
    context = layers.Input(name="context", shape=(), dtype="int32")
    table = layers.Embedding(n_tokens, dim, name="node_vectors")
    # one shared table; the pair score is a dot product fed to a sigmoid loss
    score = layers.Dot(axes=1, name="pair_score")([table(target), table(context)])
    return keras.Model({"target": target, "context": context}, score)


model = skipgram_model(len(vocab), 48)
model.compile(optimizer=keras.optimizers.Adam(1e-3),
              loss=keras.losses.BinaryCrossentropy(from_logits=True))
model.fit(pairs_dataset, epochs=8)

node_vectors = model.get_layer("node_vectors").get_weights()[0]
queries = np.array([node_vectors[token_of[title]] for title in ["Alien (1979)", "Heat (1995)"]])

# cosine between the query films and every film vector
sims = tf.linalg.matmul(
    tf.math.l2_normalize(queries),
    tf.math.l2_normalize(node_vectors),
    transpose_b=True,
)
_, top = tf.math.top_k(sims, k=6)
for row in top.numpy().tolist():
    print([title_of[vocab[t]] for t in row])
