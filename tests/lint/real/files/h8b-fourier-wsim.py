# cosaudit corpus, synthetic file: same shape as AidanKelley/fourier-stabilization/weight_similarity.py at 2a93bef5f329d594b1dc0d59915a12dad735c335 (licence NOASSERTION); new code, no text copied.
import argparse
import json

import tensorflow as tf

from src.data import load_split
from src.models import fresh_model, stabilise_layer

ap = argparse.ArgumentParser()
ap.add_argument("dataset")
ap.add_argument("-a", dest="act", default="sigmoid")
ap.add_argument("-o", dest="out", required=True)
ap.add_argument("-N", dest="sizes", action="append", type=int)
ap.add_argument("-n", dest="runs", type=int, default=1)
args = ap.parse_args()

x_train, y_train = load_split(args.dataset, "train")
results = {"sizes": args.sizes, "sims": [[] for _ in args.sizes]}

for run in range(args.runs):
    net = fresh_model(x_train, args.act)
    net.fit(x_train, y_train, epochs=20, verbose=0)
    hidden = tf.keras.Model(net.layers[0].input, net.layers[0].output)

    before = net.get_weights()[0]                    # (inputs, hidden units)
    before_unit, _ = tf.linalg.normalize(before, ord=2, axis=0)
    for i, n in enumerate(args.sizes):
        after = stabilise_layer(hidden, samples=n)
        after_unit, _ = tf.linalg.normalize(after, ord=2, axis=0)
        per_unit = tf.reduce_sum(before_unit * after_unit, axis=0)   # cosine per hidden unit
        results["sims"][i].extend(per_unit.numpy().tolist())
    with open(args.out, "w") as fh:
        json.dump(results, fh)
