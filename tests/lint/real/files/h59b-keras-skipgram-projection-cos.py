# Synthetic rewrite of the shape of NICE-FUTURE/implement-skip-gram-with-keras:word2vec.py at 044feb5eefba7a7d3e9042bf6fdf00c957ad7610 (licence NOASSERTION); not the original text.
import pickle

import numpy as np
from keras.layers import Dense, Input
from keras.models import Model
from keras.utils import to_categorical

from neighbours import RowCosine

VOCAB = 20000
DIM = 100


def batches(path="pairs.txt"):
    while True:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                a, b = line.strip().split(",")
                x = np.expand_dims(to_categorical(float(a), VOCAB), 0)
                y = np.expand_dims(to_categorical(float(b), VOCAB), 0)
                yield {"onehot_in": x}, {"scores": y}


def build_and_fit(steps=500, epochs=10):
    inp = Input(shape=(VOCAB,), name="onehot_in")
    hidden = Dense(units=DIM, name="lookup")(inp)
    out = Dense(units=VOCAB, activation="softmax", name="scores")(hidden)
    net = Model(inp, out)
    net.compile(optimizer="adam", loss="categorical_crossentropy")
    net.fit(batches(), steps_per_epoch=steps, epochs=epochs, verbose=2)
    return net


def show_neighbours(vecs):
    probe_ids = pickle.load(open("probe_ids.p", "rb"))
    id2word = pickle.load(open("id2word.p", "rb"))
    finder = RowCosine(top=6)
    idx, sims = finder.search(vecs[probe_ids], vecs)
    for r, row in enumerate(idx):
        print(id2word[probe_ids[r]], [id2word[i] for i in row[1:]])


if __name__ == "__main__":
    net = build_and_fit()
    # the hidden projection's kernel holds one vector per word
    vecs = net.layers[1].get_weights()[0]
    show_neighbours(vecs)
