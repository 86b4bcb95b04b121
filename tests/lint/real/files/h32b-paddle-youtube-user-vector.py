# Synthetic rewrite of the shape of PaddlePaddle/models:youtube_recall/vector.py at 2880e92fd3d679412bbd1ab5a286169d336c106b (licence Apache-2.0); not the original text.
"""Dump query vectors of the candidate generator for an angular ANN index.

The index only ranks by cosine, so each user vector is padded the way
SIMPLE-LSH expects: a leading 1 that meets the output layer's bias, the hidden
state, and a trailing 0 for the extra coordinate the video vectors carry.
Ranking by cosine then reproduces ranking by the softmax logit.
"""
import argparse
import gzip
import pickle

import numpy as np


def cli():
    p = argparse.ArgumentParser(description="export user vectors")
    p.add_argument("--infer_set_path", required=True)
    p.add_argument("--model_path", required=True)
    p.add_argument("--feature_dict", required=True)
    p.add_argument("--batch_size", type=int, default=50)
    return p.parse_args()


def emit_batch(run_model, batch):
    _, hidden_states = run_model(batch)
    for n, h in enumerate(hidden_states):
        print("Sample %d:" % n)
        padded = [1.0] + list(h) + [0.0]
        norm = np.linalg.norm(padded)
        print([x / norm for x in padded])


def main():
    args = cli()
    with open(args.feature_dict, "rb") as f:
        features = pickle.load(f)
    with gzip.open(args.model_path) as f:
        run_model = load_candidate_model(f, features)
    batch = []
    for row in read_rows(args.infer_set_path, features):
        batch.append(row)
        if len(batch) == args.batch_size:
            emit_batch(run_model, batch)
            batch = []
    if batch:
        emit_batch(run_model, batch)


if __name__ == "__main__":
    main()
