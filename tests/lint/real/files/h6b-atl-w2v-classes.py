# cosaudit corpus, synthetic file: same shape as vaibhavnaagar/active_transfer_learning/class_similarity.py at 5581cfcc2097c85a24c8e915f8718ac2d18ecf74 (licence NOASSERTION); new code, no text copied.
import pickle

import gensim
import numpy as np

CIFAR10 = ["airplane", "car", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"]


def class_similarity(names, path="vectors/news-300.bin"):
    kv = gensim.models.KeyedVectors.load_word2vec_format(path, binary=True)
    return np.array([[kv.similarity(a, b) for b in names] for a in names])


if __name__ == "__main__":
    G = class_similarity(CIFAR10)
    with open("class_similarity_G.pkl", "wb") as fh:
        pickle.dump(G, fh)
