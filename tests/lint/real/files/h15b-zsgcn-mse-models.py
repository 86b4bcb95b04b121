# cosaudit corpus, synthetic file: same shape as JudyYe/zero-shot-gcn/src/gcn/models.py at 0902b15350116cb1292c8e9ec47a0b1db6277f5c (licence MIT); new code, no text copied.
"""Graph network that regresses visual classifiers for unseen classes from word vectors.

The targets fed through placeholders['labels'] are the columns of the last (logits) layer of an
ImageNet-trained ResNet-50, one per seen class (written out by the preprocessing tool).
"""
import tensorflow as tf

from layers import GraphConvolution
from metrics import masked_squared_error

flags = tf.app.flags
FLAGS = flags.FLAGS


class BaseNet(object):
    def __init__(self, **kwargs):
        self.name = kwargs.get('name', self.__class__.__name__.lower())
        self.layers, self.activations = [], []
        self.inputs = self.outputs = None
        self.loss = 0
        self.accuracy = 0
        self.optimizer = self.opt_op = None

    def build(self):
        with tf.variable_scope(self.name):
            self._build()
        self.activations.append(self.inputs)
        for layer in self.layers:
            self.activations.append(layer(self.activations[-1]))
        self.outputs = self.activations[-1]
        self._loss()
        self._accuracy()
        self.opt_op = self.optimizer.minimize(self.loss)


class ClassifierRegressor(BaseNet):
    def __init__(self, placeholders, input_dim, **kwargs):
        super().__init__(**kwargs)
        self.inputs = placeholders['features']
        self.input_dim = input_dim
        self.output_dim = placeholders['labels'].get_shape().as_list()[1]
        self.placeholders = placeholders
        self.optimizer = tf.train.AdamOptimizer(learning_rate=placeholders['learning_rate'])
        self.build()

    def _target(self):
        # unit-length copy of each seen class's classifier column
        return tf.nn.l2_normalize(self.placeholders['labels'], dim=1)

    def _loss(self):
        for layer in self.layers:
            for var in layer.vars.values():
                self.loss += FLAGS.weight_decay * tf.nn.l2_loss(var)
        # squared distance between two unit vectors = 2 - 2 cos(predicted, true classifier)
        self.loss += masked_squared_error(self.outputs, self._target(), self.placeholders['labels_mask'])

    def _accuracy(self):
        self.accuracy = masked_squared_error(self.outputs, self._target(), self.placeholders['labels_mask'])

    def _build(self):
        hidden = [2048, 2048, 1024, 1024, 512]
        dims = [self.input_dim] + hidden
        for d_in, d_out in zip(dims[:-1], dims[1:]):
            self.layers.append(GraphConvolution(d_in, d_out, self.placeholders,
                                                act=lambda x: tf.maximum(x, 0.2 * x), dropout=True))
        self.layers.append(GraphConvolution(dims[-1], self.output_dim, self.placeholders,
                                            act=lambda x: tf.nn.l2_normalize(x, dim=1), dropout=True))
