# Synthetic rewrite of the shape of illidanlab/fedface:source/FedAwS.py at 4d016bed103f67fe76713b832d56e61422af6293 (licence NOASSERTION); not the original text.
import tensorflow.compat.v1 as tf


def spread_penalty(unit_rows, margin=-0.3):
    """Squared hinge on the off-diagonal similarities of already unit-length class embeddings."""
    n = unit_rows.shape[0].value
    sim = tf.matmul(unit_rows, unit_rows, transpose_b=True)
    off = tf.logical_not(tf.cast(tf.eye(n), tf.bool))
    return tf.reduce_mean(tf.square(tf.nn.relu(margin + tf.boolean_mask(sim, off))))


class ServerEmbeddingUpdater:
    """FedFace-style server step: the identity (class) embeddings of an AM-softmax face
    model live on the unit sphere and are spread apart after each federated round."""

    def __init__(self, num_ids=1000, dim=512, lr=0.1):
        self.graph = tf.Graph()
        with self.graph.as_default():
            raw = tf.get_variable("identity_embeddings", shape=(num_ids, dim),
                                  initializer=tf.constant_initializer(0.0), trainable=True)
            self.weights = tf.nn.l2_normalize(raw, dim=1)
            tf.add_to_collection("class_embeddings", self.weights)
            step = tf.Variable(0, trainable=False)
            spreadout_loss = spread_penalty(self.weights, margin=-0.3)
            self.loss = spreadout_loss + tf.reduce_sum(tf.get_collection(tf.GraphKeys.REGULARIZATION_LOSSES))
            self.train_op = tf.train.GradientDescentOptimizer(lr).minimize(self.loss, global_step=step)
