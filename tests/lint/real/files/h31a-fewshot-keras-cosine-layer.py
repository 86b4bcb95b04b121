# Synthetic rewrite of the shape of konev-artem/FewShotLearning:fewshot/algorithms/special_layers/layers.py at 270cf7ed373eb24e37266d86a74c257b84f4af79 (licence NOASSERTION); not the original text.
import tensorflow as tf


class NormalizedDense(tf.keras.layers.Layer):
    """Classifier layer whose logits are cosines between features and class columns."""

    def __init__(self, n_classes):
        super().__init__()
        self.n_classes = n_classes

    def build(self, input_shape):
        self.kernel = self.add_weight(
            name="class_kernel",
            shape=(int(input_shape[-1]), self.n_classes),
            initializer="glorot_uniform",
            trainable=True,
        )
        super().build(input_shape)

    def call(self, feats, **kwargs):
        raw = tf.matmul(feats, self.kernel)
        x_len = tf.sqrt(tf.reduce_sum(tf.square(feats), axis=1, keepdims=True))
        w_norm = tf.sqrt(tf.reduce_sum(tf.square(self.kernel), axis=0, keepdims=True))
        return raw / x_len / w_norm
