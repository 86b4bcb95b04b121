# Synthetic rewrite of the shape of christk1/MSH_tensorflow_keras:mnist_tf2.0.py at 73341fb679db3a45fe6a931c7b91fcc0b8591a86 (licence MIT); not the original text.
import tensorflow as tf


class AdditiveAngularHead(tf.keras.layers.Layer):
    """Angular-margin output layer; its logits are scaled cosines."""

    def __init__(self, classes, margin=0.5, scale=64.0, **kw):
        super().__init__(**kw)
        self.classes, self.margin, self.scale = classes, margin, scale

    def build(self, shapes):
        feat_dim = shapes[0][-1]
        self.kernel = self.add_weight(
            name="kernel", shape=(feat_dim, self.classes),
            initializer=tf.random_normal_initializer(stddev=0.01), trainable=True)
        super().build(shapes)

    def call(self, inputs):
        feats, onehot = inputs
        feats = tf.nn.l2_normalize(feats, axis=1) * self.scale
        # unit-length class columns, used directly as the logits' weights
        Wn = tf.nn.l2_normalize(self.kernel, axis=0)
        logits = tf.matmul(feats, Wn)
        target = tf.reduce_max(logits * onehot, axis=1)
        theta = tf.acos(target / self.scale)
        shifted = tf.cos(theta + self.margin) * self.scale
        return logits + onehot * tf.expand_dims(shifted - target, 1)


emb_in = tf.keras.Input(shape=(128,))
lab_in = tf.keras.Input(shape=(10,))
out = tf.keras.activations.softmax(AdditiveAngularHead(10, name="arc")([emb_in, lab_in]))
model = tf.keras.Model([emb_in, lab_in], out)
model.compile(loss="categorical_crossentropy", optimizer="adam", metrics=["accuracy"])
