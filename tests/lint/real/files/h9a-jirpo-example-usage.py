# cosaudit corpus, synthetic file: same shape as jirpo9/gpt2-embeddings-explorer/examples/example_usage.py at 77148b435194f9cb9221dec170f2de6ca9c7f212 (licence MIT); new code, no text copied.
"""
Classroom demos: how GPT-2 turns words into vectors.

1. splitting text into tokens
2. what a vector looks like
3. which words end up with similar vectors
"""
import os
import sys

import torch

sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from src.gpt2_vectors import WordVectorExplorer


def demo_tokens():
    ex = WordVectorExplorer()
    for text in ["Hello", "Hello world", "unbelievable", "Dobrý den"]:
        _, pieces = ex.tokenize(text)
        print(f"{text!r:>16} -> {pieces} ({len(pieces)} tokens)")


def demo_vector():
    ex = WordVectorExplorer()
    res = ex.describe("cat", verbose=False)
    vec = res["mean_vector"]
    print("length of the vector:", vec.shape[0])
    print("first values:", [round(v, 3) for v in vec[:8].tolist()])
    print("norm:", round(vec.norm().item(), 3))


def demo_similar_words():
    ex = WordVectorExplorer()
    groups = {
        "animals": ["cat", "dog", "horse", "mouse"],
        "colours": ["red", "green", "blue", "black"],
        "numbers": ["one", "two", "three", "four"],
    }
    for name, words in groups.items():
        print(f"\n{name}:")
        vecs = [ex.describe(w, verbose=False)["mean_vector"] for w in words]
        for i in range(len(words)):
            for j in range(i + 1, len(words)):
                sim = torch.nn.functional.cosine_similarity(
                    vecs[i].unsqueeze(0), vecs[j].unsqueeze(0)
                ).item()
                print(f"  {words[i]:>6} ~ {words[j]:<6} {sim:.3f}")
    print("\nWords from the same group usually score higher.")


if __name__ == "__main__":
    demo_tokens()
    demo_vector()
    demo_similar_words()
