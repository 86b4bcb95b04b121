# Synthetic rewrite of the shape of sefeoglu/adversarial_examples_parseval_net:src/models/utils/regularization.py at a542ace8ac81759d6292912535b525e3254f6337 (licence NOASSERTION); not the original text.
import tensorflow as tf


class Penalties(object):
    """Weight penalties for a Parseval-style network (TF1 graph mode)."""

    def orthogonality(self, kernels, ord="fro"):
        """Sum over layers of ||W^T W - I|| for each kernel reshaped to 2-D."""

        def one(w):
            cols = w.shape[-1].value
            flat = tf.reshape(w, (-1, cols))
            gap = tf.norm(tf.matmul(flat, flat, transpose_a=True) - tf.eye(cols), ord)
            if ord in ("fro", 2):
                gap = gap ** 2
            return tf.reduce_sum(gap)

        return tf.add_n([one(w) for w in kernels])
