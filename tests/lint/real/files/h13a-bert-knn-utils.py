# cosaudit corpus, synthetic file: same shape as kennyalexlin/W266-BERT-Embedding-Explainability/utils.py at 849df0f4cc7f0a086b8210a64a49d2bb51464009 (licence NOASSERTION); new code, no text copied.
import numpy as np
from scipy.spatial.distance import cosine


class LineReader:
    """Iterate over a text file one stripped line at a time (for tokenizer training)."""

    def __init__(self, path):
        self.handle = open(path, "r")

    def __iter__(self):
        return self

    def __next__(self):
        line = self.handle.readline()
        if not line:
            self.handle.close()
            raise StopIteration
        return line.strip()


def token_vector(token, model, tokenizer):
    """First model output for the token typed on its own (position 1, after [CLS])."""
    return model(tokenizer(token, return_tensors="tf"))[0][0][1]


def nearest_tokens(token, model, vectors, tokenizer, k=10):
    """Rank the vocabulary by cosine distance between its per-token outputs and the query's.

    vectors: one output vector per vocabulary entry, precomputed with token_vector.
    """
    vocab = list(tokenizer.get_vocab().keys())
    query = token_vector(token, model, tokenizer)
    skip = set(tokenizer.all_special_tokens) | {token}
    dist = np.array([
        10.0 if vocab[i] in skip else cosine(query, vec)
        for i, vec in enumerate(vectors)
    ])
    order = dist.argsort()[:k]
    return np.array(vocab)[order], dist[order]
