# Synthetic rewrite of the shape of spyysalo/bert-wordvecs:pairsim.py at d0ee957242fcea5bdc07924f34db39463a5c1edf (licence MIT); not the original text.
"""Score word pairs with vectors averaged from BERT's last-layer contextual features."""
import sys
import argparse

import numpy as np
from gensim.models import KeyedVectors


def cli():
    p = argparse.ArgumentParser()
    p.add_argument("vectors", help="word2vec-format file of averaged contextual vectors")
    p.add_argument("pairs", help="one 'a;b' pair per line")
    p.add_argument("--sep", default=";")
    return p


def run(argv):
    opts = cli().parse_args(argv)
    wv = KeyedVectors.load_word2vec_format(opts.vectors, binary=False)
    scored = []
    for lineno, raw in enumerate(open(opts.pairs), start=1):
        left, right = raw.rstrip("\n").split(opts.sep)
        missing = [w for w in (left, right) if w not in wv]
        if missing:
            print(f"line {lineno}: no vector for {missing}", file=sys.stderr)
            continue
        sim = np.dot(wv[left], wv[right])
        scored.append((sim, left, right))
    for sim, left, right in sorted(scored, reverse=True):
        print(opts.sep.join((left, right, str(sim))))


if __name__ == "__main__":
    run(sys.argv[1:])
