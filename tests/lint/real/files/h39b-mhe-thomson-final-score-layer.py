# Synthetic rewrite of the shape of wy1iu/MHE:code/architecture.py at a822ebfa3cda85f89edd4b4175e841903f7be129 (licence NOASSERTION); not the original text.
import math
import tensorflow.compat.v1 as tf


class SphereNet:
    """VGG-style CIFAR classifier whose layers carry a hyperspherical-energy penalty;
    the penalty of the last (class score) layer is collected separately with a larger weight."""

    def _energy(self, kernel, n_out, power, scale):
        cols = tf.reshape(kernel, [-1, n_out])                     # one column per unit / class
        norms = tf.sqrt(tf.reduce_sum(cols * cols, [0], keep_dims=True) + 1e-4)
        norm_mat = tf.matmul(tf.transpose(norms), norms)
        inner_pro = tf.matmul(tf.transpose(cols), cols)
        inner_pro /= norm_mat                                      # cosine between every pair of columns
        if power == "a0":
            angle = tf.acos(inner_pro) / math.pi + 1e-4
            pair = -tf.log(angle)
        else:
            pair = tf.pow(2.0 - 2.0 * inner_pro + tf.diag([1.0] * n_out), -0.5)
        pair -= tf.matrix_band_part(pair, -1, 0)                   # keep the strict upper triangle
        return scale * tf.reduce_sum(pair) / (n_out * (n_out - 1) / 2.0)

    def _conv(self, x, k, n_out, name, power="0", penalise=True, is_score=False):
        with tf.variable_scope(name):
            n_in = x.get_shape().as_list()[3]
            kernel = tf.get_variable("filter", [k, k, n_in, n_out],
                                     initializer=tf.random_normal_initializer(stddev=0.05))
            if penalise:
                if is_score:
                    tf.add_to_collection("energy_score_layer", self._energy(kernel, n_out, power, 10.0))
                else:
                    tf.add_to_collection("energy_hidden", self._energy(kernel, n_out, power, 1.0))
            return tf.nn.conv2d(x, kernel, [1, 1, 1, 1], padding="VALID")

    def build(self, features, n_class, power="0"):
        self.fc6 = self._conv(features, 4, 256, "fc6", power)
        self.score = self._conv(self.fc6, 1, n_class, "score", power, is_score=True)
        return tf.squeeze(self.score, [1, 2])                      # logits for softmax cross-entropy
