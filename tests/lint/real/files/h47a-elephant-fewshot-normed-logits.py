# Synthetic rewrite of the shape of deepakduggirala/cv-project:few-shot/model.py at c2dcd61e40fa3d0a519ddc5298255940a0b7c416 (licence NOASSERTION); not the original text.
import tensorflow as tf


class PrototypeHead(tf.keras.layers.Layer):
    """Head seeded with per-identity mean embeddings (columns of `seed`)."""

    def __init__(self, seed, name="prototype_head"):
        super().__init__(name=name)
        n_ids = seed.shape[1]
        self.kernel = tf.Variable(initial_value=seed, trainable=True)
        self.offset = tf.Variable(tf.zeros((n_ids,), dtype="float32"), trainable=True)

    def call(self, feats):
        unit_feats = tf.math.l2_normalize(feats, axis=1, epsilon=1e-10)
        t = tf.matmul(unit_feats, self.kernel)
        t = tf.math.l2_normalize(t, axis=1, epsilon=1e-10)
        return tf.keras.activations.softmax(t + self.offset, axis=-1)


class ElephantFewShot:
    def __init__(self, cfg):
        self.cfg = cfg
        side = cfg["image_size"]
        self.backbone = tf.keras.applications.InceptionResNetV2(
            include_top=False, weights="imagenet", input_shape=(side, side, 3), pooling="avg")

    def build(self, seed):
        side = self.cfg["image_size"]
        img = tf.keras.Input(shape=(side, side, 3))
        pooled = self.backbone(img, training=False)
        probs = PrototypeHead(seed)(pooled)
        return tf.keras.Model(img, probs)
