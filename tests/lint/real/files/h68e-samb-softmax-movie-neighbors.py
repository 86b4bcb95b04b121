# Synthetic rewrite of the shape of SamB2653/ml_course:ml_course/recommendation/softmax_model.py at 2416cacaf1ec4ac46fb08ce4632e0e486ea6cee7 (licence NOASSERTION); not the original text.
import numpy as np
import tensorflow.compat.v1 as tf
import recsys_helpers as rh  # sibling module: split, batches, neighbour search

tf.disable_v2_behavior()
DOT, COSINE = "dot", "cosine"

users, ratings = rh.read_movielens()
films = rh.film_table(ratings)
history = ratings.groupby("user_id", as_index=False)["movie_id"].agg(list)


def catalogue_loss(query_vecs, film_vecs, targets):
    """Full softmax over the whole film catalogue."""
    scores = tf.matmul(query_vecs, film_vecs, transpose_b=True)
    xent = tf.nn.sparse_softmax_cross_entropy_with_logits(logits=scores, labels=targets)
    return tf.reduce_mean(xent)


def make_softmax_recommender(history, columns, widths):
    def tower(feats):
        h = tf.feature_column.input_layer(feats, columns)
        for k, width in enumerate(widths):
            w = tf.get_variable("dense%d" % k, shape=[h.shape[1].value, width])
            h = tf.matmul(h, w)
        return h

    train_rows, test_rows = rh.split(history)
    with tf.variable_scope("rec", reuse=False):
        q_train = tower(rh.batches(train_rows, 256))
        y_train = rh.pick_one_label(rh.last_batch_labels())
    with tf.variable_scope("rec", reuse=True):
        # the bag-of-films input table doubles as the softmax output matrix
        film_table = tf.get_variable("input_layer/movie_id_embedding/embedding_weights")
    loss = catalogue_loss(q_train, film_table, y_train)
    return rh.TrainableModel({"movie_id": film_table}, loss)


with tf.Graph().as_default():
    softmax_rec = make_softmax_recommender(
        history,
        columns=[rh.embedding_column(films, "movie_id", 32)],
        widths=[32],
    )
softmax_rec.train(learning_rate=5.0, num_iterations=2000)

# nearest films to a title, by raw score and by angle between output rows
rh.film_neighbours(films, softmax_rec, "Toy Story", DOT)
rh.film_neighbours(films, softmax_rec, "Toy Story", COSINE)
