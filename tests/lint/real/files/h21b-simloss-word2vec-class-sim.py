# Synthetic rewrite of the shape of konstantinkobs/SimLoss:image_classification/make_sim_matrix.py at ea59d68d626cb7cf1c039fa19f67a0006e586117 (licence NOASSERTION); not the original text.
"""Build the class-similarity matrix used by a similarity-aware cross-entropy, from class-name vectors."""
import sys

import numpy as np
import gensim.downloader as gdl

from simloss_cfg import LABEL_NAMES, SKIP_LABELS, SIM_FILE


def build(out_file=SIM_FILE):
    wv = gdl.load("word2vec-google-news-300")
    names = [n for n in LABEL_NAMES if n not in SKIP_LABELS]
    k = len(names)
    sim = np.eye(k)
    for a in range(k):
        for b in range(a + 1, k):
            sim[a, b] = sim[b, a] = wv.similarity(names[a], names[b])
    np.save(out_file, sim)
    print(f"wrote {k}x{k} name-similarity matrix to {out_file}")
    return sim


if __name__ == "__main__":
    build(*sys.argv[1:2])
