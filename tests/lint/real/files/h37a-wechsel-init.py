# Synthetic rewrite of the shape of CPJKU/wechsel:wechsel/__init__.py at 395e3d446ecc1f000aaf4dea2da2003d16203f0b (licence MIT); not the original text.
import math

import numpy as np
from scipy.special import softmax
from sklearn.metrics.pairwise import cosine_similarity


def init_target_table(src_sub_vecs, tgt_sub_vecs, src_tok, tgt_tok, src_table, k=10, temp=0.1):
    """src_sub_vecs / tgt_sub_vecs: subword vectors built from *aligned fastText* word
    vectors (already mapped into one space and unit-normalised). src_table: the source
    model's token table, which is only averaged, never compared."""
    vocab = src_tok.vocab
    out = np.zeros((len(tgt_tok), src_table.shape[1]), dtype=src_table.dtype)
    fallback = np.random.RandomState(0).normal(
        src_table.mean(0), src_table.std(0), (len(tgt_tok), src_table.shape[1])
    )
    chunk = 1024
    for c in range(math.ceil(len(out) / chunk)):
        lo, hi = c * chunk, min((c + 1) * chunk, len(out))
        sims = cosine_similarity(tgt_sub_vecs[lo:hi], src_sub_vecs)
        for tid in range(lo, hi):
            if not tgt_sub_vecs[tid].any():
                out[tid] = fallback[tid]
                continue
            row = sims[tid - lo]
            best = np.argpartition(row, -k)[-k:]
            weights = softmax(row[best] / temp)
            names = src_tok.convert_ids_to_tokens(best)
            out[tid] = sum(w * src_table[vocab[n]] for w, n in zip(weights, names))
    return out


def apply(src_tok, tgt_tok, src_table, src_ft, tgt_ft, to_shared_src, to_shared_tgt, embed_subwords):
    src_sub = to_shared_src(embed_subwords(src_tok, src_ft))
    tgt_sub = to_shared_tgt(embed_subwords(tgt_tok, tgt_ft))
    src_sub /= np.linalg.norm(src_sub, axis=1, keepdims=True) + 1e-8
    tgt_sub /= np.linalg.norm(tgt_sub, axis=1, keepdims=True) + 1e-8
    return init_target_table(src_sub, tgt_sub, src_tok, tgt_tok, src_table.copy())
