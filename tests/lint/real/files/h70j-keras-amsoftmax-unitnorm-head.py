# Synthetic rewrite of the shape of zhen8838/zhen8838.github.io:posts/l-softmax/amsoftmax_loss.py at 878ae56749456978c217cd6b8d690c79092dfb50 (licence NOASSERTION); not the original text.
# Additive-margin softmax in Keras: features and class kernel are both unit-length,
# so the head's outputs are already cosines and the margin is subtracted from them.
import tensorflow as tf
from tensorflow.keras import backend as K
from tensorflow.keras import layers
from tensorflow.keras.constraints import UnitNorm

(x_tr, y_tr), (x_te, y_te) = tf.keras.datasets.fashion_mnist.load_data()
x_tr = x_tr.reshape(-1, 784).astype("float32") / 255.0
y_tr = tf.keras.utils.to_categorical(y_tr, 10)

net = tf.keras.Sequential([
    layers.Input(shape=(784,)),
    layers.Dense(512, activation="relu"),
    layers.Dense(256, activation="relu"),
    layers.Dense(128, activation="relu"),
    layers.Lambda(lambda z: K.l2_normalize(z, axis=1)),
    layers.Dense(10, use_bias=False, kernel_constraint=UnitNorm(axis=0)),
])


def margin_softmax_loss(y_true, cos_theta, scale=30.0, margin=0.35):
    # unit features times unit class columns: the outputs are cos(theta) per class
    shifted = y_true * (cos_theta - margin) + (1.0 - y_true) * cos_theta
    return K.categorical_crossentropy(y_true, scale * shifted, from_logits=True)


net.compile(loss=margin_softmax_loss, optimizer="adam",
            metrics=[tf.keras.metrics.CategoricalAccuracy()])
net.fit(x_tr, y_tr, batch_size=128, epochs=5)
