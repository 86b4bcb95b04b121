# cosaudit corpus, synthetic file: same shape as Hypogenic-AI/layernorm-concept-assoc-dbdc-claude/src/geometry_probes.py at 0faa9691a149d285ddc0f4ddb715ab0ccaeeca81 (licence NOASSERTION); new code, no text copied.
"""How far apart do unrelated nouns sit, layer by layer?

Runs each word alone through the model, keeps the last position at every layer, and reports
the mean pairwise cosine distance, the spread of norms, and the angle to the all-ones direction.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

WORDS = [
    "violin", "thunder", "carpet", "rocket", "anchor", "tomato", "library", "feather",
    "battery", "mirror", "garden", "spoon", "ocean", "ticket", "bread", "mountain",
]


@torch.no_grad()
def states_per_layer(model, tokenizer, words, device="cuda"):
    """Tensor [layers+1, words, d]; index 0 is the embedding output."""
    model.eval()
    per_word = []
    for w in words:
        ids = tokenizer.encode(" " + w, return_tensors="pt").to(device)
        hs = model(ids, output_hidden_states=True).hidden_states
        per_word.append(torch.stack([h[0, -1] for h in hs]).cpu())
    return torch.stack(per_word, dim=1)


def mean_pair_distance(x: torch.Tensor) -> float:
    u = F.normalize(x, dim=-1)
    sim = u @ u.T
    i, j = torch.triu_indices(len(u), len(u), offset=1)
    return float((1 - sim[i, j]).mean())


def norm_spread(x: torch.Tensor) -> dict:
    n = x.norm(dim=-1)
    return {"mean": float(n.mean()), "cv": float(n.std() / n.mean())}


def angle_to_ones(x: torch.Tensor) -> float:
    ones = torch.ones(x.shape[-1]) / x.shape[-1] ** 0.5
    cos = F.normalize(x, dim=-1) @ ones
    return float(torch.rad2deg(torch.arccos(cos.clamp(-1, 1))).mean())


def layer_report(model, tokenizer, words=WORDS, device="cuda"):
    states = states_per_layer(model, tokenizer, words, device)
    return [
        {"layer": l, "pair_dist": mean_pair_distance(s), **norm_spread(s), "angle": angle_to_ones(s)}
        for l, s in enumerate(states)
    ]
