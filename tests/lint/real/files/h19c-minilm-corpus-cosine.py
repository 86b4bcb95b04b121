# Synthetic rewrite of the shape of hariscats/token-embedding-demo:src/search.py at 3405fab57311d864b4a31db823d1b1e2d9edc25d (licence NOASSERTION); not the original text.
import os
import pickle

import numpy as np
import torch

from embeddings import get_sentence_embedding

HERE = os.path.dirname(__file__)
TEXTS = os.path.join(HERE, "data", "corpus.txt")
CACHE = os.path.join(HERE, "data", "corpus_vectors.pkl")


def index_corpus():
    """Embed every non-empty line of the corpus once and pickle the result."""
    with open(TEXTS, encoding="utf-8") as fh:
        docs = [ln.strip() for ln in fh if ln.strip()]
    vecs = [get_sentence_embedding(d) for d in docs]
    with open(CACHE, "wb") as fh:
        pickle.dump({"docs": docs, "vecs": vecs}, fh)


def read_index():
    if not os.path.exists(CACHE):
        index_corpus()
    with open(CACHE, "rb") as fh:
        blob = pickle.load(fh)
    return blob["docs"], blob["vecs"]


def nearest(query_vec, k=3):
    """Rank corpus lines by cosine against the query's mean-pooled MiniLM vector."""
    docs, vecs = read_index()
    if isinstance(query_vec, torch.Tensor):
        query_vec = query_vec.numpy()
    ranked = []
    for i, v in enumerate(vecs):
        sim = np.dot(query_vec, v) / (np.linalg.norm(query_vec) * np.linalg.norm(v))
        ranked.append((i, sim))
    ranked.sort(key=lambda t: t[1], reverse=True)
    return [{"text": docs[i], "score": float(s)} for i, s in ranked[:k]]
