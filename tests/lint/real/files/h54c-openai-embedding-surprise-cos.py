# Synthetic rewrite of the shape of Hypogenic-AI/partial-isomorphisms-claude:src/experiment1_embedding_surprise.py at 03fb5c9e96c3299994ce30a6431ef805b0e91c58 (licence NOASSERTION); not the original text.
"""Which cross-domain word pairs does an embedding API place close together even
though WordNet says they are unrelated?"""
import itertools

import numpy as np
from nltk.corpus import wordnet as wn
from openai import OpenAI

DOMAINS = {
    "anatomy": ["heart", "spine", "skin", "bone"],
    "software": ["kernel", "thread", "stack", "cache"],
    "sailing": ["anchor", "rudder", "harbor", "tide"],
}


def embed_words(client, words, model="text-embedding-3-large"):
    out = []
    for start in range(0, len(words), 100):
        resp = client.embeddings.create(input=words[start:start + 100], model=model)
        out.extend(item.embedding for item in resp.data)
    return np.asarray(out)


def pairwise_cos(mat):
    unit = mat / np.linalg.norm(mat, axis=1, keepdims=True)
    return unit @ unit.T


def wordnet_sim(a, b):
    best = 0.0
    for sa in wn.synsets(a)[:3]:
        for sb in wn.synsets(b)[:3]:
            best = max(best, sa.path_similarity(sb) or 0.0)
    return best or None


def surprising_pairs(client):
    labelled = [(w, d) for d, ws in DOMAINS.items() for w in ws]
    vecs = embed_words(client, [w for w, _ in labelled])
    sims = pairwise_cos(vecs)
    rows = []
    for (i, (a, da)), (j, (b, db)) in itertools.combinations(enumerate(labelled), 2):
        human = wordnet_sim(a, b)
        if human is None or da == db:
            continue
        rows.append((a, b, float(sims[i, j]) - human))
    return sorted(rows, key=lambda r: -r[2])


if __name__ == "__main__":
    print(surprising_pairs(OpenAI())[:10])
