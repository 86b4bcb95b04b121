# Synthetic rewrite of the shape of mnschmit/conan:src/analysis/contokens_nn.py at 31df764de3af462e9cbe8c8bfe981c49334e37e8 (licence NOASSERTION); not the original text.
"""Which real RoBERTa tokens do the learned continuous pattern tokens sit next to?"""
import argparse

import numpy as np
from sklearn.metrics.pairwise import cosine_similarity
from sklearn.neighbors import NearestNeighbors
from sklearn.preprocessing import normalize

from ..models.pattern_model import PatternModel


def show_neighbours(unit_pattern, index, tok):
    dist, idx = index.kneighbors(X=unit_pattern)
    for row_d, row_i in zip(dist, idx):
        # unit vectors: squared euclidean distance d^2 = 2 - 2 cos
        cells = [f"{tok.convert_ids_to_tokens([j])[0]} ({1 - d * d / 2:.2f})" if j < len(tok) else "CONT"
                 for d, j in zip(row_d, row_i)]
        print("\t".join(cells))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("ckpt")
    ap.add_argument("n_patterns", type=int)
    ap.add_argument("tokens_per_pattern", type=int)
    ap.add_argument("--k", type=int, default=5)
    a = ap.parse_args()

    pm = PatternModel.load_from_checkpoint(a.ckpt)
    table = pm.model.get_input_embeddings()
    learned = table.weight[-a.n_patterns * a.tokens_per_pattern:].detach().numpy()
    groups = [normalize(learned[s:s + a.tokens_per_pattern])
              for s in range(0, len(learned), a.tokens_per_pattern)]

    index = NearestNeighbors(n_neighbors=a.k, algorithm="ball_tree")
    index.fit(normalize(table.weight.detach().numpy()))
    for g in groups:
        show_neighbours(g, index, pm.tokenizer)
        print("----")

    print(np.round(cosine_similarity(learned), 2))
