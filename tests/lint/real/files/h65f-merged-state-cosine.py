# Synthetic rewrite of the shape of ProtikNag/Expert-Model-Merging:src/metrics.py at 3777bf52638b74582d4a8e270b3253ff506c2035 (licence NOASSERTION); not the original text.
"""Where does a merged model land in weight space relative to its experts?"""
from typing import Dict, List

import numpy as np
import torch
from sklearn.metrics import matthews_corrcoef as sk_mcc

State = Dict[str, torch.Tensor]


def float_keys(state: State) -> List[str]:
    return [name for name, t in state.items() if torch.is_floating_point(t)]


def flatten(state: State, names: List[str]) -> torch.Tensor:
    return torch.cat([state[n].detach().flatten() for n in names])


def weight_distance(a: State, b: State) -> float:
    names = float_keys(a)
    return (flatten(a, names) - flatten(b, names)).norm().item()


def weight_cosine(a: State, b: State) -> float:
    names = float_keys(a)
    va, vb = flatten(a, names), flatten(b, names)
    scale = va.norm() * vb.norm()
    return 0.0 if scale == 0 else (va @ vb / scale).item()


def placement_report(merged: State, init: State, experts: List[State]) -> Dict[str, float]:
    names = float_keys(merged)
    centre = {n: torch.stack([e[n] for e in experts]).mean(0) for n in names}
    gaps = [weight_distance(merged, e) for e in experts]
    return {
        "dist_init": weight_distance(merged, init),
        "dist_centre": weight_distance(merged, centre),
        "cos_init": weight_cosine(merged, init),
        "cos_centre": weight_cosine(merged, centre),
        "dist_experts_mean": float(np.mean(gaps)),
        "dist_experts_max": float(np.max(gaps)),
    }


def task_scores(preds: torch.Tensor, labels: torch.Tensor) -> Dict[str, float]:
    acc = (preds == labels).float().mean().item()
    return {"accuracy": acc, "mcc": float(sk_mcc(labels.numpy(), preds.numpy()))}
