# cosaudit corpus, synthetic file: same shape as davisliang/Semantic-Convnet/valAccuracy.py at 41f93c1bc6fced23088219a861cc2b74262acd20 (licence NOASSERTION); new code, no text copied.
"""Validation accuracy of the word-vector regression network: each prediction is assigned the class
whose word vector is nearest by cosine distance."""
import pickle

import numpy as np
from keras.models import load_model
from scipy.spatial.distance import cosine

features = np.load("val_features.npy")
truth = np.load("val_classes.npy")
with open("label_vectors.pkl", "rb") as fh:
    label_vectors = pickle.load(fh)          # {class name: word vector}

net = load_model("wordvec_regressor.h5")
names = list(label_vectors)
targets = [label_vectors[n] for n in names]
out = net.predict(features, batch_size=64)
d = np.array([[cosine(p, t) for t in targets] for p in out])
guess = [names[i] for i in d.argmin(axis=1)]

hits = sum(g == t for g, t in zip(guess, truth))
print("accuracy", hits / len(truth))
