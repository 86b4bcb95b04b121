# Synthetic rewrite of the shape of CyberZHG/keras-embed-sim:keras_embed_sim/embeddings.py at 8ac0bde68790f77421da4822f4621cc269a1cec0 (licence MIT); not the original text.
from tensorflow import keras
from tensorflow.keras import backend as K


class TableLookup(keras.layers.Embedding):
    """An embedding lookup that also hands its weight table downstream."""

    def compute_output_shape(self, input_shape):
        return [super().compute_output_shape(input_shape), (self.input_dim, self.output_dim)]

    def compute_mask(self, inputs, mask=None):
        return [super().compute_mask(inputs, mask), None]

    def call(self, inputs):
        return [super().call(inputs), K.identity(self.embeddings)]


class TiedReadout(keras.layers.Layer):
    """Scores every table row against the features, then applies softmax (tied output)."""

    def __init__(self, use_bias=True, stop_gradient=False, **kwargs):
        super().__init__(**kwargs)
        self.use_bias = use_bias
        self.stop_gradient = stop_gradient

    def build(self, input_shape):
        if self.use_bias:
            rows = int(input_shape[1][0])
            self.bias = self.add_weight(shape=(rows,), initializer="zeros", name="bias")
        super().build(input_shape)

    def compute_mask(self, inputs, mask=None):
        return None if mask is None else mask[0]

    def call(self, inputs, mask=None):
        inputs, embeddings = inputs
        if self.stop_gradient:
            embeddings = K.stop_gradient(embeddings)
        scores = K.dot(inputs, K.transpose(embeddings))
        if self.use_bias:
            scores = K.bias_add(scores, self.bias)
        return keras.activations.softmax(scores)
