# Synthetic rewrite of the shape of hakanaktas0/NAT:explore_embeddings.py at 856d87e79e2cf6fae43678093696b1cede3186a0 (licence NOASSERTION); not the original text.
"""Where do number tokens sit in a small model's input table?"""
import matplotlib.pyplot as plt
import torch
from sklearn.manifold import TSNE
from transformers import AutoTokenizer

from embedding_hypernetwork.embeddings import load_llama_embedding_layer


def number_rows(table, tok, upto=100):
    ids = tok([str(n) for n in range(upto)], add_special_tokens=False, return_tensors="pt").input_ids
    return table(ids.squeeze(1))


def plot_2d(points, labels, path, extra=None):
    xy = TSNE(n_components=2, perplexity=9, random_state=0).fit_transform(points.detach().numpy())
    plt.figure(figsize=(9, 7))
    n = len(labels)
    sc = plt.scatter(xy[:n, 0], xy[:n, 1], c=labels, cmap="viridis", alpha=0.5)
    for k, lab in enumerate(labels):
        plt.annotate(str(lab), xy[k], fontsize=7)
    if extra:
        plt.scatter(xy[n:, 0], xy[n:, 1], color="red", alpha=0.5)
        for k, lab in enumerate(extra, start=n):
            plt.annotate(lab, xy[k], fontsize=7)
    plt.colorbar(sc)
    plt.savefig(path)


def offsets_test(table, tok):
    rows = number_rows(table, tok)
    # does n + ((n+2) - (n+1)) land near n+1?
    additive_embeddings = [(rows[n] + (rows[n + 2] - rows[n + 1])).unsqueeze(0) for n in range(10)]
    stacked = torch.cat([rows, *additive_embeddings])
    plot_2d(stacked, list(range(100)), "numbers_offsets.png",
            extra=[f"{n}+({n+2}-{n+1})" for n in range(10)])


if __name__ == "__main__":
    path = "models/Llama-3.2-1B/"
    table = load_llama_embedding_layer(path)
    tok = AutoTokenizer.from_pretrained(path)
    plot_2d(number_rows(table, tok), list(range(100)), "numbers.png")
    offsets_test(table, tok)
