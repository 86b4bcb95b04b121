# Synthetic rewrite of the shape of DBravy/nen:analyze_l17_sv28_unembedding_geometry.py at a90916c64f865d9b83ea2326d2595c843efc8198 (licence NOASSERTION); not the original text.
"""Place one saved singular direction among the output-token vectors of a
causal LM: which vocabulary rows point the same way, which point away."""
import argparse
import csv
from pathlib import Path

import numpy as np
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="Qwen/Qwen2.5-1.5B")
    ap.add_argument("--bank", default="directions/L12.npz")
    ap.add_argument("--index", type=int, default=5)
    ap.add_argument("--keep", type=int, default=100)
    ap.add_argument("--out", default="direction_vs_vocab")
    a = ap.parse_args()

    bank = np.load(a.bank)
    direction = torch.from_numpy(bank["U"][:, a.index].astype(np.float32))

    tok = AutoTokenizer.from_pretrained(a.model)
    lm = AutoModelForCausalLM.from_pretrained(a.model, device_map="cpu")
    head = lm.lm_head.weight.detach().float()          # [vocab, d_model]

    # unit vectors on both sides -> cosine of the direction with every token row
    d_hat = direction / direction.norm().clamp_min(1e-12)
    head_unit = head / head.norm(dim=1, keepdim=True).clamp_min(1e-12)
    cos_to_vocab = head_unit @ d_hat
    raw_logit = head @ direction                        # kept for comparison

    order = torch.argsort(cos_to_vocab, descending=True)
    rows = []
    for rank, tid in enumerate(order[: a.keep].tolist(), start=1):
        rows.append({"rank": rank, "token": tok.decode([tid]),
                     "cosine": float(cos_to_vocab[tid]), "dot": float(raw_logit[tid])})
    for rank, tid in enumerate(order.flip(0)[: a.keep].tolist(), start=1):
        rows.append({"rank": -rank, "token": tok.decode([tid]),
                     "cosine": float(cos_to_vocab[tid]), "dot": float(raw_logit[tid])})

    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "vocab_neighbours.csv", "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    print("max |cos| =", float(cos_to_vocab.abs().max()))


if __name__ == "__main__":
    main()
