# Synthetic rewrite of the shape of Hypogenic-AI/similar-embeddings-nlp-ae9d-gemini:src/embed_and_sim.py at 328ac36928e22f4d3f0f175f8a1e2ce2b6293f11 (licence NOASSERTION); not the original text.
"""Encode English/French dictionary words with a multilingual sentence encoder
and compare translation pairs against random pairings."""
import json
import random

import numpy as np
import pandas as pd
from sentence_transformers import SentenceTransformer


def cos(a, b):
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))


def run(pair_file="results/pairs.json"):
    with open(pair_file, encoding="utf-8") as fh:
        pairs = json.load(fh)
    encoder = SentenceTransformer("sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2")

    src_words = sorted({p["src"] for p in pairs})
    tgt_words = sorted({p["tgt"] for p in pairs})
    src_vecs = dict(zip(src_words, encoder.encode(src_words, convert_to_numpy=True)))
    tgt_vecs = dict(zip(tgt_words, encoder.encode(tgt_words, convert_to_numpy=True)))

    rows = []
    for p in pairs:
        score = cos(src_vecs[p["src"]], tgt_vecs[p["tgt"]])
        shared = p["shared"] == p["n_src"] == p["n_tgt"]
        rows.append({**p, "score": score, "bucket": "full" if shared else "partial"})

    baseline = [cos(src_vecs[random.choice(src_words)], tgt_vecs[random.choice(tgt_words)])
                for _ in rows]
    table = pd.DataFrame(rows)
    summary = table.groupby("bucket")["score"].agg(["mean", "std", "count"])
    print(summary)
    print("random pairs:", float(np.mean(baseline)))
    return table


if __name__ == "__main__":
    run()
