# Synthetic rewrite of the shape of chutcheson/Vectorial-Odyssey:word_similarity.py at 8b4f4bb72b54df5407cbd6b6b5a7cae2ffd0b29c (licence NOASSERTION); not the original text.
"""Rank the closest nouns to every noun in a word list, for a word-association game."""
import json

import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_similarity
from tqdm import tqdm
from transformers import AutoModel, AutoTokenizer

ENCODER = "nomic-ai/nomic-embed-text-v1.5"


def read_nouns(path="materials/nouns.txt"):
    out = []
    for line in open(path):
        bits = line.split()
        if bits:
            out.append(bits[-1].lower())
    return out


def encode(words, tok, enc, batch=32):
    chunks = []
    for i in tqdm(range(0, len(words), batch)):
        x = tok(words[i:i + batch], padding=True, truncation=True, return_tensors="pt")
        with torch.no_grad():
            h = enc(**x).last_hidden_state
        chunks.append(h[:, 0, :].numpy())      # first-position vector of the encoder output
    return np.vstack(chunks)


def neighbours(words, vecs):
    similarity_matrix = cosine_similarity(vecs)
    table = {}
    for i, w in enumerate(words):
        row = [(words[j], float(similarity_matrix[i, j])) for j in range(len(words)) if j != i]
        table[w] = sorted(row, key=lambda p: -p[1])
    return table


if __name__ == "__main__":
    tok = AutoTokenizer.from_pretrained(ENCODER, trust_remote_code=True)
    enc = AutoModel.from_pretrained(ENCODER, trust_remote_code=True)
    nouns = read_nouns()
    json.dump(neighbours(nouns, encode(nouns, tok, enc)), open("neighbours.json", "w"), indent=1)
