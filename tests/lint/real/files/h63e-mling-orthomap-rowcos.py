# Synthetic rewrite of the shape of princeton-nlp/MultilingualAnalysis:analysis/learn_orthogonal_mapping_one_one.py at b0d61c93c0c020a698a06264897dde14c9db471c (licence MIT); not the original text.
"""Word-translation retrieval between the two halves of a bilingual RoBERTa MLM vocabulary."""
import argparse
import numpy as np
from transformers import AutoModelForMaskedLM


def two_halves(path):
    mlm = AutoModelForMaskedLM.from_pretrained(path)
    E = mlm.roberta.embeddings.word_embeddings.weight.detach().cpu().numpy()
    half = E.shape[0] // 2
    return E[:half], E[half:2 * half]


def unit(rows):
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def procrustes(src, tgt, idx):
    U, _, Vt = np.linalg.svd(tgt[idx].T @ src[idx])
    return U @ Vt


def retrieval_accuracy(src, tgt, idx, W=None):
    q = src[idx] if W is None else src[idx] @ W.T
    # unit rows on both sides: these scores are cosines between token-table rows
    sims = q @ tgt.T
    return float(np.mean(sims.argmax(axis=1) == np.asarray(idx)) * 100)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True)
    ap.add_argument("--train_fraction", type=float, default=0.1)
    ap.add_argument("--valid_fraction", type=float, default=0.4)
    a = ap.parse_args()
    src, tgt = two_halves(a.model)
    src, tgt = unit(src), unit(tgt)
    order = np.random.permutation(src.shape[0])
    train = order[: int(len(order) * a.train_fraction)].tolist()
    valid = order[-int(len(order) * a.valid_fraction):].tolist()
    W = procrustes(src, tgt, train)
    print("aligned:", retrieval_accuracy(src, tgt, valid, W))
    print("raw:", retrieval_accuracy(src, tgt, valid))


if __name__ == "__main__":
    main()
