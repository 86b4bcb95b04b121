# Synthetic rewrite of the shape of Ludwigromanam/splitnet_cifar100:scripts/clustering.py at 73b300144acea83d1ea72169e2b15aed40b7b94b (licence NOASSERTION); not the original text.
"""Group CIFAR-100 labels into a two-level tree from the trained logit layer."""
import pickle

import numpy as np
import sklearn.cluster as clu
import tensorflow as tf

CHECKPOINT = "./train_dir/model.ckpt-60000"
HEAD_VAR = "logits/fc/weights"
LEVELS = (3, 6)


def group_rows(X, k):
    spectral_clu = clu.SpectralClustering(n_clusters=k)
    assign = spectral_clu.fit_predict(X)
    members = [np.flatnonzero(assign == g).tolist() for g in range(k)]
    centres = np.stack([X[m].mean(axis=0) for m in members])
    return members, centres


names = [line.strip() for line in open("fine_label_names.txt")]
kernel = tf.train.load_variable(CHECKPOINT, HEAD_VAR)   # [features, classes]
label_rows = kernel.T

leaf_groups, leaf_centres = group_rows(label_rows, LEVELS[1])
top_groups, _ = group_rows(leaf_centres, LEVELS[0])

tree = []
for t, top in enumerate(top_groups):
    branch = []
    for j, leaf in enumerate(top):
        print(f"group {t}.{j}:", " ".join(names[i] for i in leaf_groups[leaf]))
        branch.append(leaf_groups[leaf])
    tree.append(branch)

with open("label_tree.pkl", "wb") as fh:
    pickle.dump(tree, fh)
