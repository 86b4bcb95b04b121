# Synthetic rewrite of the shape of Hypogenic-AI/nonlinear-diction-nlp-claude:src/03_steering_fast.py at d23cdf669aef5860bc7d3aa969ae41558646cbb4 (licence NOASSERTION); not the original text.
"""Score each register's steering direction without generating text.

The direction is the gap between the mean activation of a register and of plain
prose; we then ask how well it separates the two groups of cached activations.
"""
import json

import numpy as np

OUT = "results"
with open(f"{OUT}/layer_choice.json") as fh:
    layer_for = json.load(fh)
cache = np.load(f"{OUT}/cached_resid.npz")


def register_direction(register: str, layer: int) -> np.ndarray:
    on = cache[f"{register}_L{layer}"]
    off = cache[f"plain_L{layer}"]
    return on.mean(axis=0) - off.mean(axis=0)


def separation_scores(register: str, layer: int) -> dict:
    d = register_direction(register, layer)
    d_unit = d / (np.linalg.norm(d) + 1e-8)
    on = cache[f"{register}_L{layer}"]
    off = cache[f"plain_L{layer}"]

    on_proj, off_proj = on @ d_unit, off @ d_unit
    spread = np.sqrt((on_proj.var() + off_proj.var()) / 2)
    effect = (on_proj.mean() - off_proj.mean()) / (spread + 1e-8)
    cut = (on_proj.mean() + off_proj.mean()) / 2
    acc = ((on_proj > cut).mean() + (off_proj <= cut).mean()) / 2

    # per-example cosine of each activation with the register direction
    on_cos = (on @ d_unit) / (np.linalg.norm(on, axis=1) + 1e-8)
    off_cos = (off @ d_unit) / (np.linalg.norm(off, axis=1) + 1e-8)

    return {
        "effect_size": float(effect),
        "threshold_acc": float(acc),
        "cos_gap": float(on_cos.mean() - off_cos.mean()),
    }


if __name__ == "__main__":
    for reg, layer in layer_for.items():
        print(reg, layer, separation_scores(reg, int(layer)))
