# Synthetic rewrite of the shape of atmaneayoubdev/word2vec-from-scratch:similarity.py at ff4f0749d4716578cb00e33343a1727fd63641bf (licence MIT); not the original text.
"""Nearest words for a full-softmax skip-gram model.

The model has an input table (`model.embeddings`, one row per centre word) and a
separate output projection trained with cross-entropy.  Word similarity here is
read from the input table only: rows are scaled to unit length and one query row
is compared with all of them, which is the cosine similarity between word
vectors.
"""
import torch


def input_table(model) -> torch.Tensor:
    """The centre-word vectors, detached; shape (V, D)."""
    return model.embeddings.weight.detach()


def neighbours(word, vocab, inverse, table, k=5):
    if word not in vocab:
        raise KeyError(f"unknown word {word!r}")
    unit = table / (table.norm(dim=1, keepdim=True) + 1e-8)
    query = unit[vocab[word]]
    scores = unit @ query
    picked = []
    for idx in torch.argsort(scores, descending=True).tolist():
        if idx != vocab[word]:
            picked.append((inverse[idx], float(scores[idx])))
        if len(picked) == k:
            break
    return picked
