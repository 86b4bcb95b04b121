# Synthetic rewrite of the shape of sharle21/RepLens:scripts/geometric_analysis.py at 224d4974f436e503a7c04a1abd8d16f8236c01dd (licence NOASSERTION); not the original text.
"""How do extracted emotion directions line up with the refusal direction, layer by layer?"""
import json
from pathlib import Path

import torch
import torch.nn.functional as F


def alignment_table(refusal_by_layer, emotions):
    table = {}
    for name, per_layer in emotions.items():
        table[name] = {}
        for layer, emo in per_layer.items():
            ref = refusal_by_layer[layer]
            cos_sim = F.cosine_similarity(
                emo.float().unsqueeze(0),
                ref.float().unsqueeze(0),
            ).item()
            table[name][layer] = {
                "cosine_similarity": cos_sim,
                "projection": float(emo.float() @ ref.float()),
            }
    return table


def strongest(table):
    rows = [(n, l, d["cosine_similarity"]) for n, per in table.items() for l, d in per.items()]
    return max(rows, key=lambda r: abs(r[2]))


if __name__ == "__main__":
    root = Path("results/emotion_refusal")
    refusal = torch.load(root / "refusal_vectors.pt", map_location="cpu")
    emotions = torch.load(root / "emotion_vectors.pt", map_location="cpu")
    table = alignment_table(refusal, emotions)
    (root / "geometric_metrics.json").write_text(json.dumps(
        {n: {str(l): d for l, d in per.items()} for n, per in table.items()}, indent=2))
    print("strongest:", strongest(table))
