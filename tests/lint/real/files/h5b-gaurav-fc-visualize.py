# cosaudit corpus, synthetic file: same shape as gaurav780/neighborhood-watch/fc_visualize_weights.py at e5ade139355926b56c7c14a59a7e5ce8fe2f9539 (licence NOASSERTION); new code, no text copied.
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import tensorflow as tf

reader = tf.train.load_checkpoint("vgg_16.ckpt")
w = reader.get_tensor("vgg_16/fc8/weights").reshape(32, 32, 4, 1000)
lo, hi = w.min(), w.max()

for k in range(5):
    plt.subplot(1, 5, k + 1)
    picture = 255.0 * (w[:, :, :, k].squeeze() - lo) / (hi - lo)
    plt.imshow(picture.astype("uint8"))
    plt.axis("off")
    plt.title(str(k))
plt.savefig("fc8_classes.png")
