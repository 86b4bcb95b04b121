# Synthetic rewrite of the shape of reddyprasade/Deep-Neutral-Network-Softmax-for-Recomendation-system:softmax_model.py at b7ef9575fc22d4456f3cff2661b5e81de69fd696 (licence MIT); not the original text.
"""Softmax model notebook (exported) -- only the matrix-factorisation part survived."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def observed_mse(ratings_sparse, U, V):
    """Squared error on the observed (user, movie) cells only."""
    pred = tf.gather_nd(tf.matmul(U, V, transpose_b=True), ratings_sparse.indices)
    return tf.losses.mean_squared_error(ratings_sparse.values, pred)


def factorise(ratings, dim=24, scale=0.5):
    train, test = split_ratings(ratings)
    A_train, A_test = to_sparse(train), to_sparse(test)
    U = tf.Variable(tf.random_normal([A_train.dense_shape[0], dim], stddev=scale))
    V = tf.Variable(tf.random_normal([A_train.dense_shape[1], dim], stddev=scale))
    metrics = {"train": observed_mse(A_train, U, V), "test": observed_mse(A_test, U, V)}
    return CFModel({"user_id": U, "movie_id": V}, metrics["train"], [metrics])


mf = factorise(ratings, dim=24)
mf.train(num_iterations=800, learning_rate=8.0)

DOT = "dot"
COSINE = "cosine"


def rank(query, table, measure=DOT):
    if measure == COSINE:
        table = table / np.linalg.norm(table, axis=1, keepdims=True)
        query = query / np.linalg.norm(query)
    return query.dot(table.T)


user_recommendations(mf, measure=COSINE, k=5)
movie_neighbors(mf, "Star Wars", DOT)
movie_neighbors(mf, "Star Wars", COSINE)
