# Synthetic rewrite of the shape of SapienzaNLP/sava:embedding_analysis/compute_embedding_vocabulary_similarity.py at f4049c67f24017df2341bee6bec31a2cb5d3f3a8 (licence NOASSERTION); not the original text.
"""How much do two checkpoints agree on each token's nearest neighbours
in their input token tables?"""
import argparse

import faiss
import numpy as np
from sklearn.metrics.pairwise import cosine_similarity
from transformers import AutoModelForCausalLM


def knn_by_cosine(embedding_matrix, k):
    sims = cosine_similarity(embedding_matrix)
    return np.argsort(-sims, axis=1)[:, :k]


def knn_by_l2(table, k):
    index = faiss.IndexFlatL2(table.shape[1])
    index.add(table)
    return index.search(table, k)[1]


def overlap(a, b, k):
    scores = [len(set(a[i][1:]) & set(b[i][1:])) / (k - 1) for i in range(a.shape[0])]
    return float(np.mean(scores)), float(np.std(scores))


def input_table(name, skip):
    lm = AutoModelForCausalLM.from_pretrained(name)  # e.g. a Mistral or Llama-3 checkpoint
    return lm.get_input_embeddings().weight.detach().numpy()[skip:]


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--first"); p.add_argument("--second")
    p.add_argument("--k", type=int, default=10); p.add_argument("--cosine", action="store_true")
    a = p.parse_args()
    k = a.k + 1
    t1, t2 = input_table(a.first, 259), input_table(a.second, 259)
    find = knn_by_cosine if a.cosine else knn_by_l2
    print(overlap(find(t1, k), find(t2, k), k))
