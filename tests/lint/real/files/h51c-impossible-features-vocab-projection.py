# Synthetic rewrite of the shape of mlepori1/Impossible_Features:src/logit_lens.py at dc4aa9d4fbec4762b79f83962c3b78057b1fafcd (licence NOASSERTION); not the original text.
"""Read contrast directions (mean activation differences) through the unembedding."""
import argparse
import pickle

import torch
import transformer_lens

PAIRS = ["likely_unlikely", "unlikely_absurd"]


def show_vocab(model, directions, k=25):
    for pair in PAIRS:
        lo, hi = pair.split("_")
        print(f"== {pair} ==")
        for layer in range(model.cfg.n_layers):
            contrast = directions[hi][layer] - directions[lo][layer]
            up = model.unembed(contrast.to("cuda"))
            down = model.unembed(-contrast.to("cuda"))
            print(layer, "promoted:", model.to_string(torch.topk(up, k).indices))
            print(layer, "demoted:", model.to_string(torch.topk(down, k).indices))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="gemma-2-2b")
    ap.add_argument("--directions", default="results/contrast_vectors.pkl")
    cfg = ap.parse_args()
    torch.set_grad_enabled(False)
    lm = transformer_lens.HookedTransformer.from_pretrained(cfg.model, device="cuda", dtype="bfloat16")
    with open(cfg.directions, "rb") as fh:
        show_vocab(lm, pickle.load(fh))
