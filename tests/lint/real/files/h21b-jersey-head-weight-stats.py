# Synthetic rewrite of the shape of 1morshed1/jersey-number-recognition:analyze_weights.py at 53f0ea0820400e777c941b5973378843dbfb9e86 (licence NOASSERTION); not the original text.
"""Summarise a trained two-head digit recogniser: parameter counts per block and head statistics."""
import json
import os

import torch

from settings import Settings
from network import ShirtNumberNet


def summarise(ckpt_file):
    state = torch.load(ckpt_file, map_location="cpu")
    net = ShirtNumberNet(n_classes=Settings.DIGITS, hidden=Settings.HIDDEN)
    net.load_state_dict(state["model_state_dict"])

    groups = {"encoder": [], "rnn": [], "tens_head": [], "units_head": [], "rest": []}
    for pname, tensor in net.named_parameters():
        for key in ("encoder", "rnn", "tens_head", "units_head"):
            if key in pname:
                groups[key].append((pname, tensor))
                break
        else:
            groups["rest"].append((pname, tensor))

    counts = {}
    for key, members in groups.items():
        if members:
            counts[key] = sum(t.numel() for _, t in members)
            print(f"{key:>12}: {counts[key]:,} parameters in {len(members)} tensors")

    for key in ("tens_head", "units_head"):
        for pname, tensor in groups[key]:
            if "out_layer.weight" in pname:
                rows, cols = tensor.shape
                print(f"{key}: {cols} features -> {rows} digit classes")
                w = tensor.data
                print(f"  mean {w.mean().item():.4f}  std {w.std().item():.4f}")
                print(f"  min {w.min().item():.4f}  max {w.max().item():.4f}")

    with open(os.path.join(Settings.OUT_DIR, "weights.json"), "w") as fh:
        json.dump({"file": ckpt_file, "counts": counts}, fh, indent=2)


if __name__ == "__main__":
    summarise("checkpoints/best.pth")
