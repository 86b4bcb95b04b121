# Synthetic rewrite of the shape of any-nickname/interpretability-linear-probes:src/compare_qwen_d1_d2.py at 05d0168f6f5bff0b7d31ab78b9b3081895462711 (licence NOASSERTION); not the original text.
"""Compare two refusal detectors trained on different labelings of the same chats.

Each detector is, per layer, a standardiser plus a single logistic-regression
weight vector and intercept (a sigmoid probe: refuse vs comply)."""
import csv
import math
from pathlib import Path

import numpy as np
import torch


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def refusal_probability(layer_probe: dict, acts: torch.Tensor, layer: int) -> np.ndarray:
    x = acts[:, layer, :].float().numpy()
    z = (x - layer_probe["mu"].numpy()) / layer_probe["sd"].numpy()
    return sigmoid(z @ layer_probe["w"].numpy() + float(layer_probe["b"]))


def unstandardised_direction(layer_probe: dict) -> np.ndarray:
    sd = layer_probe["sd"].float().numpy()
    return layer_probe["w"].float().numpy() / np.where(sd == 0.0, 1.0, sd)


def angle_cos(u: np.ndarray, v: np.ndarray) -> float:
    n = float(np.linalg.norm(u) * np.linalg.norm(v))
    return math.nan if n == 0.0 else float(u @ v / n)


def layerwise_agreement(probe_a: dict, probe_b: dict, out_csv: Path) -> list:
    depth = min(probe_a["n_layers"], probe_b["n_layers"])
    table = []
    for layer in range(depth):
        ua = unstandardised_direction(probe_a["layers"][layer])
        ub = unstandardised_direction(probe_b["layers"][layer])
        c = angle_cos(ua, ub)
        table.append({"layer": layer, "cos": c, "abs_cos": abs(c)})
    with out_csv.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(table[0]))
        w.writeheader()
        w.writerows(table)
    return table


if __name__ == "__main__":
    a = torch.load("probes/labels_v1/qwen.pt", weights_only=False)
    b = torch.load("probes/labels_v2/qwen.pt", weights_only=False)
    layerwise_agreement(a, b, Path("out/same_layer_cos.csv"))
