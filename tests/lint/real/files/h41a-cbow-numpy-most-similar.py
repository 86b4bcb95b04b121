# Synthetic rewrite of the shape of AlfonsoJimena/Word2vecWithNumpy:evaluate.py at ed12a52dde6a8ba399753b7dd6be839e897a5111 (licence MIT); not the original text.
import json
import numpy as np


def load(path_vecs="emb/W_in.npy", path_vocab="emb/vocab.json"):
    W_in = np.load(path_vecs)
    with open(path_vocab) as fh:
        w2i = json.load(fh)
    return W_in, w2i, {i: w for w, i in w2i.items()}


def closest(word, W_in, w2i, i2w, topn=10):
    """Rank vocabulary words by cosine against `word` in the CBOW input matrix."""
    t = w2i[word]
    q = W_in[t]
    row_norms = np.linalg.norm(W_in, axis=1)
    sims = (W_in @ q) / (row_norms * np.linalg.norm(q) + 1e-8)
    out = []
    for j in np.argsort(-sims):
        if j == t:
            continue
        out.append((i2w[j], float(sims[j])))
        if len(out) == topn:
            break
    return out


if __name__ == "__main__":
    W_in, w2i, i2w = load()
    for w in ["king", "river", "music"]:
        if w in w2i:
            print(w, closest(w, W_in, w2i, i2w, topn=5))
