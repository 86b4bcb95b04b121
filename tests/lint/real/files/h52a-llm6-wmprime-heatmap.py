# Synthetic rewrite of the shape of greatzby/LLM6:visualize_weights.py at 6d30c9758a6c41de41dbf4917ce7b31f6db7d410 (licence NOASSERTION); not the original text.
"""Draw the one-layer 'token -> next-token' logit table of a small path-finding GPT,
with the node tokens regrouped by stage so the blocks are visible."""
import argparse
import os
import pickle

import matplotlib.pyplot as plt
import numpy as np
import torch

from model import GPT, GPTConfig


def transition_table(ckpt_file, data_dir):
    with open(os.path.join(data_dir, "meta.pkl"), "rb") as fh:
        n_vocab = pickle.load(fh)["vocab_size"]
    ckpt = torch.load(ckpt_file, map_location="cpu")
    cfg = dict(ckpt["model_args"], vocab_size=n_vocab)
    model = GPT(GPTConfig(**cfg))
    sd = {k.replace("_orig_mod.", ""): v for k, v in ckpt["model"].items()}
    model.load_state_dict(sd)
    model.eval()

    rows = []
    with torch.no_grad():
        for tok in range(n_vocab):
            e = model.transformer.wte(torch.tensor([tok]))
            h = e + model.transformer.h[0].mlp(e)
            logits = model.lm_head(h)
            rows.append(logits.squeeze(0).numpy()[:n_vocab])
    return np.stack(rows), n_vocab


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checkpoint", required=True)
    ap.add_argument("--data_dir", required=True)
    ap.add_argument("--out", default="transition_heatmap.png")
    a = ap.parse_args()
    table, n_vocab = transition_table(a.checkpoint, a.data_dir)
    with open(os.path.join(a.data_dir, "stage_info.pkl"), "rb") as fh:
        stages = pickle.load(fh)["stages"]
    order = [t for t in range(n_vocab) if all(t - 2 not in s for s in stages)]
    for s in stages:
        order += sorted(n + 2 for n in s)
    table = table[np.ix_(order, order)]
    lo, hi = np.percentile(table, [0.5, 99.5])
    plt.figure(figsize=(12, 10))
    plt.imshow(table, vmin=lo, vmax=hi, aspect="auto", cmap="viridis")
    plt.colorbar(label="logit")
    plt.xlabel("next token (regrouped)")
    plt.ylabel("current token (regrouped)")
    plt.savefig(a.out, dpi=150)


if __name__ == "__main__":
    main()
