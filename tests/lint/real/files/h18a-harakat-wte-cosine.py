# Synthetic rewrite of the shape of ahmadalzaro1/tokenization-shapes-embeddings:embedding_analysis.py at eecc344b16542ec5a77bf960efa44016759170db (licence NOASSERTION); not the original text.
"""Do diacritic variants of one base letter get similar token embeddings?

The wte matrices were dumped after training the small MLX GPT in train.py,
whose lm_head is a separate nn.Linear (input table and output head untied)."""

import json
from pathlib import Path

import numpy as np

RESULTS = Path("results")


def best_seed(runs: dict, cond: str) -> int:
    return runs[cond]["seeds"][int(np.argmin(runs[cond]["val_bpb"]))]


def cosine_sim_matrix(rows: np.ndarray) -> np.ndarray:
    lens = np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-10)
    normed = rows / lens
    return normed @ normed.T


def mean_off_diagonal(m: np.ndarray) -> float:
    if m.shape[0] < 2:
        return float("nan")
    return float(m[~np.eye(m.shape[0], dtype=bool)].mean())


def letter_groups(tokenizer, mapping: dict) -> dict:
    groups = {}
    for private_char, original in mapping.items():
        try:
            tid = tokenizer.encode_single_token(private_char)
        except KeyError:
            continue
        groups.setdefault(original[0], []).append(tid)
    return groups


def analyse(tokenizer, mapping, runs):
    seed = best_seed(runs, "atomic")
    wte = np.load(RESULTS / f"wte_atomic_seed{seed}.npy")   # input token table only
    per_letter = {}
    for letter, ids in sorted(letter_groups(tokenizer, mapping).items()):
        sims = cosine_sim_matrix(wte[ids])
        per_letter[letter] = mean_off_diagonal(sims)
    scores = [v for v in per_letter.values() if not np.isnan(v)]
    summary = {"mean_intra_cosine": float(np.mean(scores)), "per_letter": per_letter}
    (RESULTS / "embedding_similarity.json").write_text(json.dumps(summary, ensure_ascii=False))
    return summary
