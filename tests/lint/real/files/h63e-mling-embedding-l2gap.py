# Synthetic rewrite of the shape of princeton-nlp/MultilingualAnalysis:analysis/calculate_embedding_mse.py at b0d61c93c0c020a698a06264897dde14c9db471c (licence MIT); not the original text.
"""Average Euclidean gap between a token's row and its synthetic-language twin in one RoBERTa MLM."""
import argparse
import numpy as np
from transformers import AutoModelForMaskedLM


def paired_rows(path):
    mlm = AutoModelForMaskedLM.from_pretrained(path)
    table = mlm.roberta.embeddings.word_embeddings.weight.detach().cpu().numpy()
    n = table.shape[0] // 2
    return table[:n], table[n:2 * n]


def mean_gap(a, b):
    # plain L2 distance between raw rows, no normalisation
    return float(np.linalg.norm(a - b, axis=1).mean())


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True)
    args = ap.parse_args()
    first, second = paired_rows(args.model)
    print(f"rows: {first.shape}  mean L2 gap: {mean_gap(first, second):.2f}")
