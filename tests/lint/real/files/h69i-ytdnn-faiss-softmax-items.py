# Synthetic rewrite of the shape of zkailinzhang/YoutubeDNN:match.py at 16ea43acf6f908e5732442a83e21fb4837c7d520 (licence NOASSERTION); not the original text.
"""Candidate generation in the YouTube-DNN style: a user tower feeds a sampled
softmax over every video; the softmax weight table doubles as the video index."""
import numpy as np
import faiss
import tensorflow.compat.v1 as tf


class CandidateNet:
    def __init__(self, n_videos, dim, n_neg=64):
        self.n_videos, self.dim, self.n_neg = n_videos, dim, n_neg

    def build(self, user_feats, target_ids):
        hidden = user_feats
        for k, width in enumerate([256, 128, self.dim]):
            hidden = tf.layers.dense(hidden, width, activation=tf.nn.relu, name=f"tower{k}")
        self.user_vec = hidden
        # one row per video: the classifier of the softmax over the catalogue
        self.video_table = tf.get_variable("softmax_w", [self.n_videos, self.dim])
        video_bias = tf.get_variable("softmax_b", [self.n_videos])
        self.loss = tf.reduce_mean(tf.nn.sampled_softmax_loss(
            weights=self.video_table, biases=video_bias,
            labels=tf.reshape(target_ids, [-1, 1]), inputs=self.user_vec,
            num_sampled=self.n_neg, num_classes=self.n_videos))
        self.train_op = tf.train.AdagradOptimizer(0.05).minimize(self.loss)

    def export(self, sess, feed):
        # user vectors for the test users and the trained softmax rows
        return sess.run([self.user_vec, self.video_table], feed_dict=feed)


def recall_at_k(user_vecs, video_rows, truth, k=10):
    """Rank every video for every user by cosine: both sides made unit length."""
    user_vecs = np.ascontiguousarray(user_vecs, dtype="float32")
    video_rows = np.ascontiguousarray(video_rows, dtype="float32")
    index = faiss.IndexFlatIP(video_rows.shape[1])
    faiss.normalize_L2(video_rows)          # unit softmax rows
    index.add(video_rows)
    faiss.normalize_L2(user_vecs)
    scores, ids = index.search(user_vecs, k)
    hits = [int(t in row) for t, row in zip(truth, ids)]
    return float(np.mean(hits)), scores


def evaluate(sess, net, feed, truth):
    users, rows = net.export(sess, feed)
    np.save("video_rows.npy", rows)
    rate, _ = recall_at_k(users, rows, truth, k=20)
    print(f"hit rate@20 = {rate:.3f}")
    return rate
