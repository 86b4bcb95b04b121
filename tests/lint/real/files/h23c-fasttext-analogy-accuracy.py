# Synthetic rewrite of the shape of facebookresearch/fastText:python/doc/examples/compute_accuracy.py at 1142dc4c4ecbc19cc16eee5cdd28472e689267e6 (licence MIT); not the original text.
import argparse

import numpy as np
from fasttext import load_model


def answer_one(a, b, c, ft, vocab, unit_vectors, scratch):
    """Solve a : b :: c : ? by the nearest unit vector to b - a + c."""
    target = ft.get_word_vector(b) - ft.get_word_vector(a) + ft.get_word_vector(c)
    target /= np.linalg.norm(target)
    np.dot(unit_vectors, target, out=scratch)
    for w in (a, b, c):
        if w in vocab:
            scratch[vocab[w]] = -np.inf
    return int(np.argmax(scratch))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("model")
    parser.add_argument("questions")
    parser.add_argument("--top", type=int, default=30000)
    args = parser.parse_args()

    ft = load_model(args.model)
    words = ft.get_words()[: args.top]
    vocab = {w: i for i, w in enumerate(words)}
    # one unit-length word vector per row
    unit_vectors = np.zeros((len(words), ft.get_dimension()))
    for i, w in enumerate(words):
        v = ft.get_word_vector(w)
        unit_vectors[i] = v / np.linalg.norm(v)

    scratch = np.zeros(len(words))
    right = seen = 0
    with open(args.questions) as fh:
        for line in fh:
            if line.startswith(":"):
                continue
            a, b, c, d = line.lower().split()
            if d not in vocab:
                continue
            guess = answer_one(a, b, c, ft, vocab, unit_vectors, scratch)
            right += int(words[guess] == d)
            seen += 1
    print(f"analogy accuracy: {right / max(seen, 1):.3f} on {seen} questions")


if __name__ == "__main__":
    main()
