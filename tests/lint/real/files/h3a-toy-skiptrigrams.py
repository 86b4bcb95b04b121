# cosaudit corpus, synthetic file: same shape as aopatric/toy-transformers/src/skiptrigrams.py at 0d9c2667377d8c65501f06bebf729bb2a3e253f9 (licence NOASSERTION); new code, no text copied.
"""Label the in-context patterns of skip-trigrams [src] ... [dst] -> [out] proposed by the circuits."""
from src.circuits import output_similarity

COPY, ALIKE, SPLIT, OTHER = "[b]..[a]->[b]", "[b]..[a]->[b']", "[ab]..[a]->[b]", "other"


def same_word(x, y):
    """equal up to case, or one is a prefix of the other (walk / walks)"""
    x, y = x.lower(), y.lower()
    return x == y or (min(len(x), len(y)) > 1 and (x.startswith(y) or y.startswith(x)))


def pattern_of(src, dst, out, sim=0.0, threshold=0.6):
    """Name the pattern of one trigram from its decoded strings. `sim` is the similarity of the unembeddings
    of src and out; it decides 'alike' for tokens that are not spelling variants (' four' -> ' five')."""
    s, d, o = src.strip(), dst.strip(), out.strip()
    if s and d and len(d) < len(s) and s.startswith(d) and o == s[len(d):]:
        return SPLIT
    if out == src:
        return COPY
    if o and s and (same_word(o, s) or sim >= threshold):
        return ALIKE
    return OTHER


def label_rows(trigrams, rows, vocab_strs, model, threshold=0.6):
    """pattern label of each chosen row; the similarity is the unembedding cosine of its source and output"""
    src, dst, out = trigrams.src[rows], trigrams.dst[rows], trigrams.out[rows]
    sims = output_similarity(model, src, out).tolist()
    return [pattern_of(vocab_strs[a], vocab_strs[b], vocab_strs[c], s, threshold)
            for a, b, c, s in zip(src.tolist(), dst.tolist(), out.tolist(), sims)]


def count_patterns(trigrams, rows, vocab_strs, model):
    labels = label_rows(trigrams, rows, vocab_strs, model)
    return {name: labels.count(name) for name in (COPY, ALIKE, SPLIT, OTHER)}
