# Synthetic rewrite of the shape of ysw1021/AGG:eval_emb.py at 0d7d77d5e3f429625e2ad9d984e8758b530c3624 (licence MIT); not the original text.
"""Score a trained fairseq LM's output-projection rows on word-similarity sets."""
import argparse

import numpy as np
import scipy.stats
from fairseq.models.transformer_lm import TransformerLanguageModel
from pytorch_transformers import GPT2Tokenizer

from embedding_eval.web.datasets.similarity import fetch_MEN, fetch_RG65, fetch_RW, fetch_WS353


def row_for(piece, vocab, table, fallback):
    idx = vocab.get(piece)
    return fallback if idx is None else table[idx]


def word_vector(word, vocab, table, bpe, fallback):
    pieces = bpe.tokenize(word)
    stacked = np.stack([row_for(p, vocab, table, fallback).numpy() for p in pieces])
    return stacked.mean(axis=0)


def similarity_correlation(bpe, vocab, table, pairs, human):
    fallback = table[vocab["<unk>"]]
    left = np.stack([word_vector(w, vocab, table, bpe, fallback) for w in pairs[:, 0]])
    right = np.stack([word_vector(w, vocab, table, bpe, fallback) for w in pairs[:, 1]])
    model_sim = (left * right).sum(axis=1) / (
        np.linalg.norm(left, axis=1) * np.linalg.norm(right, axis=1))
    return scipy.stats.spearmanr(model_sim, human).correlation


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt-dir")
    ap.add_argument("--ckpt-name")
    opts = ap.parse_args()

    lm = TransformerLanguageModel.from_pretrained(opts.ckpt_dir, opts.ckpt_name)
    vocab = lm.tgt_dict.indices
    # rows of the decoder's softmax projection, one per BPE token
    table = lm.models[0].decoder.output_projection.weight.detach()
    bpe = GPT2Tokenizer.from_pretrained("gpt2")

    suites = {"MEN": fetch_MEN(), "WS353": fetch_WS353(), "RG65": fetch_RG65(), "RW": fetch_RW()}
    for name, suite in suites.items():
        rho = similarity_correlation(bpe, vocab, table, suite.X, suite.y)
        print(f"{name}: spearman {rho:.4f}")


if __name__ == "__main__":
    main()
