# Synthetic rewrite of the shape of wmelo52/GPTLab:word_cluster_plot.py at 105ecada5c8302a2f356e1f9291c3824783e4f2e (licence NOASSERTION); not the original text.
"""Dump a character-level GPT's position and token tables and draw t-SNE maps of them."""
import json
import os

import matplotlib.pyplot as plt
import pandas as pd
import torch
from gensim.models import KeyedVectors
from sklearn.manifold import TSNE

from tinygpt import TinyConfig, TinyGPT, CharTokenizer

ckpt_dir = "checkpoints/poems_char"
cfg = TinyConfig(**json.load(open(f"{ckpt_dir}/config.json", encoding="utf-8")))
tok = CharTokenizer(ckpt_dir)
net = TinyGPT(cfg)
net.load_state_dict(torch.load(f"{ckpt_dir}/weights.bin", map_location="cpu"))
net.eval()


def dump(path, names, rows):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(f"{len(rows)} {rows.shape[1]}\n")
        for name, row in zip(names, rows):
            fh.write(name + " " + " ".join(f"{v:.6f}" for v in row.tolist()) + "\n")


def tsne_plot(path, highlight_a, highlight_b, out_png):
    kv = KeyedVectors.load_word2vec_format(path, binary=False)
    T = TSNE(n_components=2, random_state=1).fit_transform(kv.vectors)
    frame = pd.DataFrame([(w, *T[kv.key_to_index[w]]) for w in kv.key_to_index], columns=["w", "x", "y"])
    colours = ["red" if w in highlight_a else "blue" if w in highlight_b else "black" for w in frame.w]
    ax = frame.plot.scatter("x", "y", c=colours, s=120, figsize=(16, 9))
    for w, x, y in zip(frame.w, T[:, 0], T[:, 1]):
        plt.annotate(w, xy=(x + 0.2, y + 0.2), fontsize=14)
    ax.get_figure().savefig(os.path.join("images", out_png))


with torch.no_grad():
    positions = net.transformer.wpe(torch.arange(cfg.max_len)).squeeze(0)
    tokens = net.transformer.wte(torch.arange(cfg.vocab_size)).squeeze(0)

dump("data/positions.txt", [str(i) for i in range(cfg.max_len)], positions)
tsne_plot("data/positions.txt", ["20", "21"], ["0", "1"], "positions_tsne.png")

names = [("\\n" if c == "\n" else "\\s" if c == " " else c) for c in tok.vocab]
dump("data/tokens.txt", names, tokens)
tsne_plot("data/tokens.txt", list("aeiou"), list("0123456789"), "tokens_tsne.png")
