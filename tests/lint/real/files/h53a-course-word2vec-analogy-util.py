# Synthetic rewrite of the shape of uchicago-nlp-course/winter2026-assignments:A2/word2vec_util.py at 3e1a56bbe268c1681253285ec6c7e3f0b4aa5dd1 (licence NOASSERTION); not the original text.
# Helpers for scoring word vectors on the a:b::c:d analogy benchmark.
import numpy as np


def read_analogies(path):
    groups, section = {}, None
    with open(path) as fh:
        for raw in fh:
            raw = raw.strip().lower()
            if raw.startswith(":"):
                section = raw[2:]
                groups[section] = []
            elif raw and section is not None:
                toks = raw.split()
                if len(toks) == 4:
                    groups[section].append(toks)
    return groups


def score_analogies(table, vocab_index, analogies):
    """Answer b - a + c by the nearest unit word vector and report accuracy per group."""
    lengths = np.linalg.norm(table, axis=1, keepdims=True)
    lengths[lengths == 0] = 1
    vectors_norm = table / lengths
    report = {}
    for group, items in analogies.items():
        hits = seen = 0
        for a, b, c, gold in items:
            if any(w not in vocab_index for w in (a, b, c, gold)):
                continue
            seen += 1
            ia, ib, ic = vocab_index[a], vocab_index[b], vocab_index[c]
            probe = vectors_norm[ib] - vectors_norm[ia] + vectors_norm[ic]
            query_norm = probe / (np.linalg.norm(probe) + 1e-10)
            similarities = vectors_norm @ query_norm
            similarities[[ia, ib, ic]] = -np.inf
            hits += int(np.argmax(similarities) == vocab_index[gold])
        report[group] = hits / seen if seen else 0.0
    return report


def score_with_gensim(keyed, analogies):
    out = {}
    for group, items in analogies.items():
        ok = [keyed.most_similar(positive=[b, c], negative=[a], topn=1)[0][0] == d
              for a, b, c, d in items if all(w in keyed for w in (a, b, c, d))]
        out[group] = sum(ok) / len(ok) if ok else 0.0
    return out
