# Synthetic rewrite of the shape of AmberzzZZ/center-loss:visualize.py at 4e7cf297fb8feb00f9dc85384d90666f40ca75ea (licence NOASSERTION); not the original text.
import numpy as np
import keras.backend as K
from keras.utils import to_categorical
from matplotlib import pyplot as plt

from nets import build_centerloss_net
from data_io import read_digits

imgs, labels = read_digits(split="test")
imgs = np.expand_dims(imgs[:2000], axis=-1)
labels = labels[:2000]
onehot = to_categorical(labels)

net = build_centerloss_net()
net.load_weights("centerloss_best.h5", by_name=True)

# 2-D embedding produced just before the classifier
embed_fn = K.function([net.input[0]], [net.get_layer("embed2d").output])
emb = embed_fn([imgs])[0]

# per-digit mean of the embeddings
test_centers = onehot.T @ emb
test_centers_count = onehot.sum(axis=0)[:, None]
test_centers /= test_centers_count

plt.scatter(emb[:, 0], emb[:, 1], c=labels, s=4, edgecolor="none")
plt.scatter(test_centers[:, 0], test_centers[:, 1], c="k", marker="*", s=60)
plt.title("embeddings and class centres")
plt.show()
