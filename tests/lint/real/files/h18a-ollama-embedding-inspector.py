# Synthetic rewrite of the shape of joe-a-tech/llm-embeddings-inspector:embeddings.py at 7c960b3933fd571f5822c6c85613190f19d544cd (licence NOASSERTION); not the original text.
"""Print how a local embedding model sees a few strings, then compare them."""

import math
import sys

import requests
import tiktoken

ENDPOINT = "http://localhost:11434/api/embeddings"
EMBED_MODEL = "nomic-embed-text"


def embed(text: str) -> list[float]:
    r = requests.post(ENDPOINT, json={"model": EMBED_MODEL, "prompt": text})
    r.raise_for_status()
    return r.json()["embedding"]


def cosine(a, b):
    dot = sum(x * y for x, y in zip(a, b))
    norm_a = math.sqrt(sum(x * x for x in a))
    norm_b = math.sqrt(sum(x * x for x in b))
    return dot / (norm_a * norm_b)


def describe(text, vec):
    ids = tiktoken.get_encoding("cl100k_base").encode(text)
    print(f"{text!r}: {len(ids)} tokens -> one pooled vector of size {len(vec)}")


def main():
    texts = sys.argv[1:] or [sys.stdin.read().strip()]
    vectors = [(t, embed(t)) for t in texts if t]
    for t, v in vectors:
        describe(t, v)
    for i in range(len(vectors)):
        for j in range(i + 1, len(vectors)):
            (t1, v1), (t2, v2) = vectors[i], vectors[j]
            print(f"{t1!r} ~ {t2!r}: {cosine(v1, v2):.4f}")


if __name__ == "__main__":
    main()
