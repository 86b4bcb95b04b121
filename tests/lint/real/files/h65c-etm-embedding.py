# Synthetic rewrite of the shape of hanhluukim/replication-topic-modelling-in-embedding-space:src/embedding.py at 479790deaa0713b7aa2866141565745ac4365d13 (licence MIT); not the original text.
"""Word vectors for an embedded topic model: skip-gram / CBOW trained with
gensim, or static vectors distilled from BERT hidden states (sum of the last
four layers averaged over a word's occurrences, precomputed elsewhere);
nearest words are listed by cosine for a sanity check."""
import numpy as np
from gensim.models import Word2Vec


def as_unit(v):
    v = np.asarray(v, dtype=float)
    return v / np.sqrt((v ** 2).sum())


def cos(a, b):
    return float(as_unit(a) @ as_unit(b))


def neighbours(k, words, query, table):
    sims = [cos(query, row) for row in table]
    order = np.argsort(sims)[::-1][1:k + 1]
    return {words[i]: sims[i] for i in order}


class SkipGramVectors:
    def __init__(self, docs, sg=True):
        self.docs, self.sg = docs, sg
        self.model = None
        self.table = None

    def fit(self, dim=300, min_count=0):
        self.model = Word2Vec(self.docs, vector_size=dim, min_count=min_count,
                              sg=1 if self.sg else 0)
        return self

    def export(self, vocab):
        self.table = np.stack([self.model.wv[w] for w in vocab])
        return self.table

    def similar(self, k, vocab, word):
        if word not in self.model.wv:
            return {}
        return neighbours(k, vocab, self.model.wv[word], self.table)


class ContextualStaticVectors:
    """Vectors read from a text file written by the BERT pipeline (hidden states)."""

    def __init__(self, path):
        self.path = path
        self.words, self.table = [], None

    def load(self, keep):
        rows = []
        with open(self.path) as fh:
            for line in fh:
                word, *vals = line.split()
                if word in keep:
                    self.words.append(word)
                    rows.append([float(x) for x in vals])
        self.table = np.asarray(rows)

    def similar(self, word, k):
        return neighbours(k, self.words, self.table[self.words.index(word)], self.table)
