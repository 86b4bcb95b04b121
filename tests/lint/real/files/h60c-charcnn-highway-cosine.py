# Synthetic rewrite of the shape of SeonbeomKim/TensorFlow-lstm-char-cnn:cosine_similarity_test.py at 08fce7468b8f9a5bb3d26858faa542bc2ec3f676 (licence NOASSERTION); not the original text.
"""Nearest words by the character-CNN word encoding (before and after the highway layer)."""
import numpy as np


def pairwise_cos(queries, bank):
    """Cosine of each query code against every code in the bank."""
    q = np.asarray(queries, dtype=np.float64)
    b = np.asarray(bank, dtype=np.float64)
    num = q @ b.T
    qn = np.linalg.norm(q, axis=-1)[:, None]
    bn = np.linalg.norm(b, axis=-1)[None, :]
    return num / (qn * bn)


def encode_words(session, net, words, spell):
    """Run the char-CNN encoder; returns the pooled filter codes and the highway codes."""
    char_ids = spell(words)
    pooled, highway = session.run([net.conv_pooled, net.highway_out], {net.chars: char_ids})
    return pooled, highway


def show_neighbours(query_codes, bank_codes, vocab_names, words, k=5, title=""):
    sims = pairwise_cos(query_codes, bank_codes)
    order = np.argsort(-sims, axis=1)[:, :k]
    print(title)
    for row, w in enumerate(words):
        picks = [(vocab_names[j], round(float(sims[row, j]), 3)) for j in order[row]]
        print(w, "->", picks)


def build_bank(session, net, vocab_names, spell, chunk=32):
    pooled_parts, highway_parts = [], []
    for start in range(0, len(vocab_names), chunk):
        p, h = encode_words(session, net, vocab_names[start:start + chunk], spell)
        pooled_parts.append(p)
        highway_parts.append(h)
    return np.concatenate(pooled_parts), np.concatenate(highway_parts)


def run_probe(session, net, vocab_names, spell):
    pooled_bank, highway_bank = build_bank(session, net, vocab_names, spell)
    probe = ["though", "her", "they", "edward", "selling", "misspelled", "gooood"]
    p, h = encode_words(session, net, probe, spell)
    show_neighbours(p, pooled_bank, np.array(vocab_names), probe, title="pooled-code neighbours")
    show_neighbours(h, highway_bank, np.array(vocab_names), probe, title="highway-code neighbours")
