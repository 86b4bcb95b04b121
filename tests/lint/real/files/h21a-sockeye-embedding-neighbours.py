# Synthetic rewrite of the shape of awslabs/sockeye:sockeye/embeddings.py at 0395f0030bbf656d1091f0c34c46eaec248ff868 (licence Apache-2.0); not the original text.
"""CLI: print the nearest vocabulary neighbours of tokens in a trained NMT model's embedding table."""
import argparse
import sys

import mxnet as mx
import numpy as np

from nmt import checkpoints, vocabs, settings as S


def pairwise_scores(table: np.ndarray, unit: bool) -> np.ndarray:
    if unit:
        table = table / np.linalg.norm(table, axis=1, keepdims=True)
    sims = mx.nd.dot(mx.nd.array(table), mx.nd.array(table), transpose_b=True).asnumpy()
    np.fill_diagonal(sims, -1e7)
    return sims


def top_neighbours(sims, query_id, k, temperature=1.0):
    row = sims[query_id] / temperature
    probs = np.exp(row - row.max())
    probs /= probs.sum()
    order = np.argsort(-probs)[:k]
    return [(i, probs[i]) for i in order]


def table_names(cfg):
    if cfg.tie_weights and cfg.tie_mode == S.TIE_SOURCE_TARGET_OUTPUT:
        return S.SHARED_EMB + "weight", S.SHARED_EMB + "weight"
    return S.SRC_EMB + "weight", S.TRG_EMB + "weight"


def run(args):
    cfg = checkpoints.load_config(args.model)
    src_name, trg_name = table_names(cfg)
    vocab = vocabs.source(args.model) if args.side == "source" else vocabs.target(args.model)
    inverse = {i: w for w, i in vocab.items()}
    params = checkpoints.load_params(args.model, args.checkpoint)
    table = params[src_name if args.side == "source" else trg_name]
    sims = pairwise_scores(table, args.unit)
    for line in sys.stdin:
        for tok in line.split():
            tid = vocab.get(tok, vocab["<unk>"])
            print(tok, [(inverse[i], round(float(p), 4)) for i, p in top_neighbours(sims, tid, args.k, args.temperature)])


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True)
    ap.add_argument("--checkpoint", type=int, default=None)
    ap.add_argument("--side", choices=["source", "target"], required=True)
    ap.add_argument("--unit", action="store_true", help="scale rows to unit length first")
    ap.add_argument("-k", type=int, default=5)
    ap.add_argument("--temperature", type=float, default=1.0)
    run(ap.parse_args())
