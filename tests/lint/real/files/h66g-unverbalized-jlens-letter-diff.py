# Synthetic rewrite of the shape of sachithrc/unverbalized-cues:src/apply_lens.py at 426e95776ffcccb6a8ef1767dd03d03195b16e42 (licence NOASSERTION); not the original text.
"""Read a fitted vocabulary lens at the answer slot and ask whether it sees the hint.

Per layer we keep three scalars from the lens logits: hinted-minus-gold letter
(the primary one), the hinted letter alone, and the strongest 'authority' word.
Each scalar is then scored by AUROC against the influenced/not label.
"""
import json

import numpy as np
import torch
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

CHOICES = ["A", "B", "C", "D"]
AUTHORITY = [" professor", " expert", " Stanford"]


def first_id(tok, s):
    return tok.encode(s, add_special_tokens=False)[0]


def lens_scores(lens, model, tok, items, make_prompt, n_layers):
    letter_ids = [first_id(tok, c) for c in CHOICES]
    word_ids = [first_id(tok, w) for w in AUTHORITY]
    out = {k: np.zeros((len(items), n_layers)) for k in ("gap", "hinted", "authority")}
    for i, item in enumerate(items):
        per_layer, _, _ = lens.apply(model, make_prompt(item), positions=[-1])
        h_id, g_id = letter_ids[item["hint_idx"]], letter_ids[item["gold"]]
        for layer, logits in per_layer.items():
            row = logits[0].float()
            out["gap"][i, layer] = float(row[h_id] - row[g_id])   # logit difference
            out["hinted"][i, layer] = float(row[h_id])
            out["authority"][i, layer] = float(torch.stack([row[j] for j in word_ids]).max())
    return out


def auroc_by_layer(scores, labels, seed=0):
    idx = np.arange(len(labels))
    _, test = train_test_split(idx, test_size=0.3, stratify=labels, random_state=seed)
    report = {}
    for name, mat in scores.items():
        aucs = []
        for layer in range(mat.shape[1]):
            s = mat[test, layer]
            a = 0.5 if np.std(s) == 0 else roc_auc_score(labels[test], s)
            aucs.append(max(a, 1 - a))
        report[name] = {"best_layer": int(np.argmax(aucs)), "best_auc": float(max(aucs))}
    return report


def save(report, path):
    with open(path, "w") as fh:
        json.dump(report, fh, indent=2)
