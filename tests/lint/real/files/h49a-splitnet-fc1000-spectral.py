# Synthetic rewrite of the shape of dalgu90/splitnet-imagenet:scripts/clustering.py at db98960b263693ba4055c5154975cba90b5b34df (licence NOASSERTION); not the original text.
import pickle

import numpy as np
import tensorflow as tf
from sklearn.cluster import SpectralClustering

CHECKPOINT = "../pretrained/resnet50.ckpt"
HEAD_TENSOR = "fc1000/fc/weights"
LEVELS = (20, 5, 2)


def group(points, k):
    assign = SpectralClustering(n_clusters=k).fit_predict(points)
    members = [np.where(assign == c)[0].tolist() for c in range(k)]
    centres = np.array([points[m].mean(axis=0) for m in members])
    return members, centres


names = [line.strip() for line in open("imagenet_classes.txt")]
ckpt = tf.train.load_checkpoint(CHECKPOINT)
head = ckpt.get_tensor(HEAD_TENSOR).T  # one row per ImageNet class

tree = []
points = head
for k in LEVELS:
    members, points = group(points, k)
    tree.append(members)

for leaf in tree[0]:
    print(", ".join(names[i] for i in leaf))

with open("class_groups.pkl", "wb") as fh:
    pickle.dump(tree, fh)
