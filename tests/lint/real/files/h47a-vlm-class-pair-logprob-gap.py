# Synthetic rewrite of the shape of KaiserRuben/Masterthesis:experiments/preprocessing/generate_class_similarity.py at e020725837f6a74f5795da3bdaeac437ed26850f (licence NOASSERTION); not the original text.
"""Rank every ordered label pair by how close the scorer puts them.

Each image is scored against all candidate labels (N-way log-probabilities);
for every wrong label we store the gap between the true label's log-prob and
that label's log-prob. The mean gap per pair is the similarity axis: small
gaps are pairs the model nearly confuses.
"""
import pandas as pd
import torch


def pair_gaps(scorer, images, labels, prompt):
    rows = []
    for k, item in enumerate(images):
        with torch.no_grad():
            logprobs = scorer.score(item.image, text=prompt, categories=labels)
        top = int(logprobs.argmax())
        if labels[top] != item.label:
            continue
        gt_lp = float(logprobs[top])
        for j, other in enumerate(labels):
            if j == top:
                continue
            rows.append({
                "sample": k,
                "a": labels[top],
                "b": other,
                "gap": gt_lp - float(logprobs[j]),
            })
    return pd.DataFrame(rows)


def rank_pairs(rows):
    table = rows.groupby(["a", "b"], as_index=False).agg(
        n=("gap", "count"), mean_gap=("gap", "mean"), std_gap=("gap", "std"))
    return table.sort_values("mean_gap").reset_index(drop=True)
