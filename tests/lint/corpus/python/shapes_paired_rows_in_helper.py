# expect: COS301
"""Written for cosaudit's tests: a helper that stacks the rows of the table it is given for the first
and for the second word of each pair and takes their row-by-row cosines (a word-similarity
evaluation): given the head's rows, it compares labels; given a table of hidden states, or two
different tables, it does not."""
import numpy as np
from fairseq.models.transformer_lm import TransformerLanguageModel


def pair_cosines(vocab, table, pairs):
    left = np.stack([table[vocab[w]] for w in pairs[:, 0]])
    right = np.stack([table[vocab[w]] for w in pairs[:, 1]])
    return (left * right).sum(axis=1) / (np.linalg.norm(left, axis=1) * np.linalg.norm(right, axis=1))


def cross_cosines(vocab, table, other, pairs):
    left = np.stack([table[vocab[w]] for w in pairs[:, 0]])
    right = np.stack([other[vocab[w]] for w in pairs[:, 1]])
    return (left * right).sum(axis=1) / (np.linalg.norm(left, axis=1) * np.linalg.norm(right, axis=1))


lm = TransformerLanguageModel.from_pretrained("checkpoints/", "checkpoint_best.pt")
rows = lm.models[0].decoder.output_projection.weight.detach().numpy()
vocab = lm.tgt_dict.indices
pairs = np.array([["king", "queen"], ["car", "truck"]])
print(pair_cosines(vocab, rows, pairs))  # expect: COS101

states = np.load("contextual_states.npy")
print(pair_cosines(vocab, states, pairs))
print(cross_cosines(vocab, states, np.load("glove.npy"), pairs))


def row_or_unknown(word, vocab, table, fallback):
    idx = vocab.get(word)
    return fallback if idx is None else table[idx]


def fallback_cosines(vocab, table, pairs):
    # each word's row, or the <unk> row when the word is out of the vocabulary
    unk = table[vocab["<unk>"]]
    left = np.stack([row_or_unknown(w, vocab, table, unk) for w in pairs[:, 0]])
    right = np.stack([row_or_unknown(w, vocab, table, unk) for w in pairs[:, 1]])
    return (left * right).sum(axis=1) / (np.linalg.norm(left, axis=1) * np.linalg.norm(right, axis=1))


print(fallback_cosines(vocab, rows, pairs))  # expect: COS101
print(fallback_cosines(vocab, states, pairs))
