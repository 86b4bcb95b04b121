# Synthetic rewrite of the shape of 3141592/ai_surgery:transformers/keras/ch11/dlwp.11.3.3-closest-words-fasttext-embedding.py at 7b1ae87511a0670511c1e7e1ce12e9de56f7a333 (licence NOASSERTION); not the original text.
import numpy as np

VEC_FILE = "crawl-300d-2M.vec"

vectors: dict[str, np.ndarray] = {}
with open(VEC_FILE, encoding="utf-8") as fh:
    n_words, dim = (int(x) for x in fh.readline().split())
    for row in fh:
        head, *rest = row.rstrip().split(" ")
        if len(rest) == dim:
            vectors[head] = np.asarray(rest, dtype=np.float32)
print(f"read {len(vectors):,} of {n_words:,} fastText vectors (dim {dim})")


def cosine_similarity(u: np.ndarray, v: np.ndarray) -> float | None:
    nu, nv = np.linalg.norm(u), np.linalg.norm(v)
    if nu == 0.0 or nv == 0.0:
        return None
    return float(u @ v / (nu * nv))


def nearest(query: np.ndarray, k: int = 5, skip: set[str] = frozenset()):
    scored = []
    for w, vec in vectors.items():
        if w in skip:
            continue
        sim = cosine_similarity(query, vec)
        if sim is not None:
            scored.append((w, sim))
    scored.sort(key=lambda t: t[1], reverse=True)
    return scored[:k]


def analogy(a: str, b: str, c: str, k: int = 8):
    """a is to b as c is to ?  ->  neighbours of vec(b) - vec(a) + vec(c)"""
    target = vectors[b] - vectors[a] + vectors[c]
    for w, s in nearest(target, k, skip={a, b, c}):
        print(f"{w:>15s} {s:.4f}")


for w, s in nearest(vectors["river"], skip={"river"}):
    print(w, round(s, 4))
analogy("paris", "france", "rome")
