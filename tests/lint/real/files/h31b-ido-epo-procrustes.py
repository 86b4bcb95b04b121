# Synthetic rewrite of the shape of komapc/embedding-aligner:scripts/05_align_embeddings.py at 98ef38f838d5dd7be7931d8bae3c82bf2d31568d (licence NOASSERTION); not the original text.
"""Map one language's fastText word space onto another's with a rotation."""
import numpy as np
from gensim.models import FastText
from scipy.linalg import orthogonal_procrustes


def paired_vectors(src_model, tgt_model, pairs):
    a, b = [], []
    for s, t in pairs:
        if s in src_model.wv and t in tgt_model.wv:
            a.append(src_model.wv[s])
            b.append(tgt_model.wv[t])
    return np.asarray(a), np.asarray(b)


def fit_rotation(X_src, X_tgt):
    R, _ = orthogonal_procrustes(X_src, X_tgt)
    return R


def score_rotation(R, X_src, X_tgt):
    from sklearn.metrics.pairwise import cosine_similarity
    X_aligned = X_src @ R
    # every rotated source word against every target word of the seed list
    similarities = cosine_similarity(X_aligned, X_tgt)
    gold = np.diag(similarities)
    ranks = (similarities > gold[:, None]).sum(axis=1)
    return {
        "p_at_1": float(np.mean(ranks < 1)),
        "p_at_10": float(np.mean(ranks < 10)),
        "mean_gold_cos": float(gold.mean()),
    }


if __name__ == "__main__":
    src = FastText.load("models/src_fasttext.model")
    tgt = FastText.load("models/tgt_fasttext.model")
    seed = [tuple(l.split("\t")) for l in open("data/seed.tsv").read().split("\n") if l]
    Xs, Xt = paired_vectors(src, tgt, seed)
    R = fit_rotation(Xs, Xt)
    print(score_rotation(R, Xs, Xt))
