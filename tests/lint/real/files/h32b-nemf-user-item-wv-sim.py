# Synthetic rewrite of the shape of yycg/recommender-experiments:experiment1/src/douban/recommend.py at 0756bf8452b59b8ebb6660c82fac820915ddd8af (licence NOASSERTION); not the original text.
import os

from gensim.models import KeyedVectors


def write_recommendations(users, candidates, data_dir, top=100):
    # node vectors from a network embedding of the user-item graph
    vecs = KeyedVectors.load_word2vec_format(
        os.path.join(data_dir, "graph_vectors.txt"), binary=False)

    with open(os.path.join(data_dir, "recs.tsv"), "w") as out:
        for u in users:
            scored = []
            for it in candidates:
                if u in vecs and it in vecs:
                    s = vecs.similarity(u, it)
                else:
                    s = 0.0
                scored.append((it, s))
            scored.sort(key=lambda t: t[1], reverse=True)
            out.write(u + "\t")
            out.write(",".join(f"{it}:{s}" for it, s in scored[:top]) + "\n")
