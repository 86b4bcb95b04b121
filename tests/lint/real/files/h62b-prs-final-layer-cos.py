# Synthetic rewrite of the shape of 9tair/PRS:evaluation/evaluate_cosine_similarity.py at 93e2bd907a270717dd18756c6532c893dc47f26d (licence NOASSERTION); not the original text.
import json
import re
import sys
from pathlib import Path

import numpy as np
import torch
import seaborn as sns
import matplotlib.pyplot as plt
from scipy.spatial.distance import cosine as cos_dist

HEAD_KEY_RULES = [r"fc\.weight$", r"classifier\.weight$", r"linear\.weight$", r"head.*\.weight$"]


def locate_output_rows(sd):
    """Return (matrix, key) for the last classification layer in a state dict."""
    for rule in HEAD_KEY_RULES:
        for key in sd:
            if re.search(rule, key):
                return sd[key].cpu().numpy(), key
    numbered = {}
    for key in sd:
        hit = re.search(r"(classifier|fc|linear)\.(\d+)\.weight$", key)
        if hit:
            numbered[int(hit.group(2))] = key
    if numbered:
        last = numbered[max(numbered)]
        return sd[last].cpu().numpy(), last
    return None, None


def pairwise_class_cosine(rows):
    k = rows.shape[0]
    table = np.zeros((k, k))
    for a in range(k):
        for b in range(k):
            table[a, b] = 1.0 - cos_dist(rows[a], rows[b])
    return table


def run(folder):
    folder = Path(folder)
    ckpts = sorted(folder.glob("*.pth")) + sorted(folder.glob("*.pt"))
    if not ckpts:
        print("no checkpoint in", folder)
        return
    sd = torch.load(ckpts[0], map_location="cpu")
    if "state_dict" in sd:
        sd = sd["state_dict"]
    rows, key = locate_output_rows(sd)
    if rows is None:
        print("no output layer among", list(sd))
        return
    if rows.ndim == 2 and rows.shape[0] > rows.shape[1]:
        rows = rows.T
    table = pairwise_class_cosine(rows)
    tag = key.replace(".", "_")
    (folder / f"class_cos_{tag}.json").write_text(json.dumps(table.tolist(), indent=2))
    plt.figure(figsize=(9, 7))
    sns.heatmap(table, annot=True, fmt=".2f", cmap="coolwarm")
    plt.title(f"Class-vector cosine of {key}")
    plt.xlabel("class")
    plt.ylabel("class")
    plt.savefig(folder / f"class_cos_{tag}.png", dpi=200, bbox_inches="tight")
    plt.close()


if __name__ == "__main__":
    run(sys.argv[1])
