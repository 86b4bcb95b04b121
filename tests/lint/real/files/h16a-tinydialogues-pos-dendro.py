# cosaudit corpus, synthetic file: same shape as wwt17/TinyDialogues/analyze_embeddings.py at 8e8987860b481155cbee8c93994d8c5bd477a3b0 (licence MIT); new code, no text copied.
"""Do nouns and verbs form separate branches when we cluster a GPT-2's token vectors?"""
import random

import matplotlib.pyplot as plt
import torch
from nltk.corpus import wordnet
from scipy.cluster.hierarchy import dendrogram, linkage
from transformers import AutoModelForCausalLM, AutoTokenizer

WN = {"noun": "n", "verb": "v", "adjective": "a", "adverb": "r"}
COLOURS = {"noun": "tab:blue", "verb": "tab:red", "adjective": "tab:green", "adverb": "tab:purple"}


def guess_pos(word, wanted):
    counts = {p: 0 for p in wanted}
    for s in wordnet.synsets(word):
        for p in wanted:
            if s.pos() == WN[p]:
                counts[p] += 1
    best = max(counts, key=counts.get)
    return best if counts[best] else None


def pick_tokens(tok, wanted, per_pos=60, how="first", seed=0):
    pools = {p: [] for p in wanted}
    for i in range(tok.vocab_size):
        text = tok.decode([i])
        if not text.startswith(" ") or not text.strip().isalpha():
            continue
        p = guess_pos(text.strip(), wanted)
        if p is not None:
            pools[p].append((i, text.strip()))
    rng = random.Random(seed)
    chosen = []
    for p, items in pools.items():
        items = items[:per_pos] if how == "first" else rng.sample(items, min(per_pos, len(items)))
        chosen += [(i, w, p) for i, w in items]
    return chosen


def token_vectors(lm, ids, which="input", centre=True):
    layer = lm.get_input_embeddings() if which == "input" else lm.get_output_embeddings()
    W = layer.weight
    with torch.no_grad():
        if centre:
            W = W - W.mean(dim=0, keepdim=True)
        return W[ids].cpu().numpy()


def draw(vectors, words, kinds, out, method="average", metric="cosine"):
    Z = linkage(vectors, method=method, metric=metric)
    fig, ax = plt.subplots(figsize=(10, 22))
    dendrogram(Z, labels=words, orientation="left", ax=ax)
    for lab in ax.get_ymajorticklabels():
        lab.set_color(COLOURS[kinds[words.index(lab.get_text())]])
    ax.set_title(f"token dendrogram ({method}, {metric})")
    fig.savefig(out, bbox_inches="tight")


if __name__ == "__main__":
    for path in ["runs/gpt2-small-childes", "gpt2"]:
        tok = AutoTokenizer.from_pretrained(path)
        lm = AutoModelForCausalLM.from_pretrained(path).eval()
        picked = pick_tokens(tok, {"noun", "verb"})
        ids = [i for i, _, _ in picked]
        vecs = token_vectors(lm, ids, which="output")
        draw(vecs, [w for _, w, _ in picked], [p for _, _, p in picked], f"{path.split('/')[-1]}_nv.png")
