# Synthetic rewrite of the shape of 65456u/word2vec-numpy:embed.py at 33184bb5f82123775e1ef660c12dabb78fa1d85f (licence NOASSERTION); not the original text.
import argparse
import numpy as np


def cos(u, v, tiny=1e-12):
    return float(u @ v) / max(np.linalg.norm(u) * np.linalg.norm(v), tiny)


def pick_table(centre_vecs, context_vecs, which):
    # SGNS keeps two tables: centre words and context (negative-sampling) words
    if which == "input":
        return centre_vecs
    if which == "output":
        return context_vecs
    if which == "average":
        return 0.5 * (centre_vecs + context_vecs)
    raise ValueError(which)


def neighbours(word, index, words, table, k=5):
    q = table[index[word]]
    scored = [(w, cos(q, table[i])) for w, i in index.items() if w != word]
    scored.sort(key=lambda t: -t[1])
    return scored[:k]


def run():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", default="out/model.npz")
    ap.add_argument("--table", choices=("input", "output", "average"), default="input")
    ap.add_argument("--word")
    a = ap.parse_args()
    blob = np.load(a.ckpt, allow_pickle=True)
    words = list(blob["vocab"])
    index = {w: i for i, w in enumerate(words)}
    w_in, w_out = blob["w_in"], blob["w_out"]
    table = pick_table(w_in, w_out, a.table)
    if a.word:
        for w, s in neighbours(a.word, index, words, table):
            print(f"{w}\t{s:.4f}")


if __name__ == "__main__":
    run()
