# Synthetic rewrite of the shape of hnguyentt/cnn-visualization-keras-tf2:src/gradcam.py at d92a3946f2faab97e1b39077debe369fbe3578d0 (licence MIT); not the original text.
# Grad-CAM in TF2: gradient of one class's softmax score w.r.t. the last conv map.
import cv2
import numpy as np
import tensorflow as tf
from tensorflow.keras.models import Model


class ClassActivationMap:
    def __init__(self, net, conv_name=None):
        self.net = net
        self.conv_name = conv_name or self._last_conv()

    def _last_conv(self):
        for layer in self.net.layers[::-1]:
            if len(layer.output_shape) == 4:
                return layer.name
        raise ValueError("no 4-D layer to explain")

    def heatmap(self, batch, out_size, target=None, eps=1e-5):
        probe = Model(inputs=[self.net.inputs],
                      outputs=[self.net.get_layer(self.conv_name).output, self.net.output])
        with tf.GradientTape() as tape:
            conv_maps, probs = probe(tf.cast(batch, tf.float32))
            if target is None:
                target = int(np.argmax(probs))
            score = probs[:, target]
        grads = tape.gradient(score, conv_maps)[0]
        conv_maps = conv_maps[0]
        grads = grads / (tf.reduce_mean(tf.square(grads)) + eps)
        channel_weights = tf.reduce_mean(grads, axis=(0, 1))
        cam = tf.reduce_sum(channel_weights * conv_maps, axis=-1).numpy()
        cam = np.maximum(cam, 0)
        cam = cam / (cam.max() + eps)
        cam = cv2.resize(cam, out_size, interpolation=cv2.INTER_LINEAR)
        return np.repeat(cam[..., None], 3, axis=2)


def blend(image, cam, alpha=0.5):
    coloured = cv2.applyColorMap(np.uint8(255 * cam[..., 0]), cv2.COLORMAP_JET)
    return cv2.addWeighted(np.uint8(image), 1 - alpha, coloured, alpha, 0)
