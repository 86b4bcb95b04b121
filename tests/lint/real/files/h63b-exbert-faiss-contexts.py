# Synthetic rewrite of the shape of bhoov/exbert:server/data_processing/create_faiss.py at d27b6236aa51b185f7d3fed904f25cabe3baeb1a (licence Apache-2.0); not the original text.
"""Build one inner-product search index per layer over a corpus of BERT token
representations, so the UI can show the corpus tokens nearest to a selected one."""
import argparse
from pathlib import Path

import faiss
import numpy as np

from corpus_store import CorpusStore   # wraps the HDF5 dump of hidden states

NAME_PATTERN = "layer_{:02d}.faiss"


def build(store: CorpusStore, chunk=100, skip_special=True):
    n_layers = store.n_layers
    token_idx = [faiss.IndexFlatIP(store.width) for _ in range(n_layers)]
    mixed_idx = [faiss.IndexFlatIP(store.width) for _ in range(n_layers)]
    for start in range(0, len(store), chunk):
        batch = store[start:start + chunk]
        if skip_special:
            toks = np.concatenate([s.hidden_without_special for s in batch], axis=1)
            ctxs = np.concatenate([s.attn_context_without_special for s in batch], axis=1)
        else:
            toks = np.concatenate([s.hidden for s in batch], axis=1)
            ctxs = np.concatenate([s.attn_context for s in batch], axis=1)
        for layer in range(n_layers):
            token_idx[layer].add(toks[layer])      # per-layer contextual vectors
            mixed_idx[layer].add(ctxs[layer])
    return token_idx, mixed_idx


def write_all(indexes, out_dir):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for layer, idx in enumerate(indexes):
        faiss.write_index(idx, str(out / NAME_PATTERN.format(layer)))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("-d", "--directory", required=True)
    root = Path(ap.parse_args().directory)
    store = CorpusStore(root / "data.hdf5")
    tok, ctx = build(store)
    write_all(tok, root / "embedding_faiss")
    write_all(ctx, root / "context_faiss")
