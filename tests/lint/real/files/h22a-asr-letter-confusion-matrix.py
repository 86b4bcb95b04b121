# Synthetic rewrite of the shape of rolczynski/Automatic-Speech-Recognition:scripts/confusion_matrix.py at 5bdc3304ca72e330e8894ea8817942af58b21fbf (licence NOASSERTION); not the original text.
"""Which letters does the speech recogniser swap for which? Align predictions with references and count substitutions."""
import argparse
from collections import Counter, defaultdict

import numpy as np
import pandas as pd

from source.text import Alphabet
from scripts.plots import save_confusion_matrix


def align(hyp, ref):
    """Levenshtein alignment with a backtrace; returns (distance, operations)."""
    n, m = len(hyp) + 1, len(ref) + 1
    d = np.zeros((n, m), dtype=int)
    d[:, 0], d[0, :] = np.arange(n), np.arange(m)
    for i in range(1, n):
        for j in range(1, m):
            sub = d[i - 1, j - 1] + (hyp[i - 1] != ref[j - 1])
            d[i, j] = min(d[i - 1, j] + 1, d[i, j - 1] + 1, sub)
    ops, i, j = [], n - 1, m - 1
    while i > 0 and j > 0:
        if d[i, j] == d[i - 1, j - 1] + (hyp[i - 1] != ref[j - 1]):
            if hyp[i - 1] != ref[j - 1]:
                ops.append(("sub", hyp[i - 1], ref[j - 1]))
            i, j = i - 1, j - 1
        elif d[i, j] == d[i - 1, j] + 1:
            ops.append(("del", hyp[i - 1], None)); i -= 1
        else:
            ops.append(("ins", None, ref[j - 1])); j -= 1
    return d[-1, -1], ops


def main(alphabet_file, results_csv, out_dir):
    abc = Alphabet(alphabet_file)
    confusion_matrix = np.zeros((abc.size, abc.size), dtype=int)
    inserted, deleted = Counter(), Counter()
    rows = pd.read_csv(results_csv, usecols=["original", "prediction"])
    for _, ref, hyp in rows.itertuples():
        _, ops = align(hyp, ref)
        for kind, wrong, right in ops:
            if kind == "sub":
                correct_char_label = abc.label_from_string(right)
                wrong_char_label = abc.label_from_string(wrong)
                confusion_matrix[correct_char_label, wrong_char_label] += 1
            elif kind == "ins":
                inserted[right] += 1
            else:
                deleted[wrong] += 1
    save_confusion_matrix(confusion_matrix, labels=abc._label_to_str, directory=out_dir)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--alphabet", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    main(a.alphabet, a.results, a.out)
