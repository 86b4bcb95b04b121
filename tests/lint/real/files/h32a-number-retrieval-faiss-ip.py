# Synthetic rewrite of the shape of badrex/number-embeddings:notebooks_2/number_retrieval_eval.py at 8d9cc0ab77052aae378eb73bfbde878ff715aa00 (licence NOASSERTION); not the original text.
# %%
import argparse

import faiss
import numpy as np
from sentence_transformers import SentenceTransformer

ENCODERS = {
    "minilm": "sentence-transformers/all-MiniLM-L6-v2",
    "labse": "sentence-transformers/LaBSE",
}

cli = argparse.ArgumentParser()
cli.add_argument("--model", default="minilm")
encoder = SentenceTransformer(ENCODERS[cli.parse_args().model], trust_remote_code=True)


# %%
def recall_at_k(query, docs, relevant, k, enc=encoder):
    """Does a numeric filter survive dense retrieval?  e.g. 'hotels with at least 4 stars'."""
    q = enc.encode(query).reshape(1, -1).astype("float32")
    d = enc.encode(docs).astype("float32")
    faiss.normalize_L2(q)
    faiss.normalize_L2(d)
    index = faiss.IndexFlatIP(d.shape[1])   # inner product of unit vectors = cosine
    index.add(d)
    scores, order = index.search(q, k)
    hits = np.asarray(relevant)[order[0]]
    return hits.sum() / max(1, int(np.sum(relevant)))


# %%
docs = [f"Hotel {c} has a rating of {s} stars." for c, s in zip("ABCDEF", [2, 5, 4, 3, 5, 1])]
rel = [0, 1, 1, 0, 1, 0]
print(recall_at_k("Show me hotels with at least 4 stars", docs, rel, k=3))
