# Synthetic rewrite of the shape of georgechaikin/class-activation-map:cam.py at 7eda1d674cc367054ce1c72e6f82b040e95f846e (licence NOASSERTION); not the original text.
import numpy as np
import tensorflow as tf


def class_maps(images, model, target=None):
    """Class activation maps: run the classifier's last Dense on the pre-pooling feature maps."""
    n = images.shape[0]
    if isinstance(model, tf.keras.models.Sequential):
        spatial = tf.keras.models.Sequential(model.layers[:-2] + [model.layers[-1]])
    else:
        spatial = tf.keras.models.Model(inputs=model.input, outputs=model.layers[-1](model.layers[-3].output))
    if target is None:
        target = tf.argmax(model.predict(images), axis=1)
    elif isinstance(target, int):
        target = tf.repeat(target, n)
    maps = spatial.predict(images)                # (n, h, w, classes)
    maps = tf.transpose(maps, [0, 3, 1, 2])
    maps = tf.gather_nd(maps, tf.expand_dims(target, 1), batch_dims=1)
    maps = tf.math.maximum(maps, 0)
    return maps / tf.reduce_max(maps, axis=[1, 2])[..., None, None]


def overlay(images, maps, alpha=0.4):
    import matplotlib
    heat = np.uint8(255 * maps)
    colours = matplotlib.colormaps["jet"](np.arange(256))[:, :3][heat]
    colours = tf.image.resize(colours, images.shape[1:3]).numpy()
    return tf.math.minimum(alpha * colours + (1 - alpha) * images, 1.0)
