# Synthetic rewrite of the shape of yizt/keras-imprinting:imprint.py at 0b6a252bd547485a6711189a0155beae0d243b1a (licence NOASSERTION); not the original text.
"""Grow a trained Keras classifier by one class, imprinting the new class's mean embedding."""
import keras.backend as K
import numpy as np
from keras import Model
from keras.layers import Dense


def imprint_class(net, support_images):
    """Return a copy of `net` whose output layer has one extra unit for the support class."""
    # penultimate activations of the few support examples
    embed_fn = K.function([net.input], [net.layers[-2].output])
    proto = embed_fn([support_images])[0].mean(axis=0, keepdims=True)

    # kernel of the output Dense layer: (embedding_dim, n_classes)
    kernel = net.layers[-1].get_weights()[0]
    grown = np.concatenate([kernel, proto.T], axis=1)

    head = Dense(kernel.shape[-1] + 1, activation=net.layers[-1].activation,
                 use_bias=False)(net.layers[-2].output)
    bigger = Model(net.input, head)
    bigger.layers[-1].set_weights([grown])
    return bigger
