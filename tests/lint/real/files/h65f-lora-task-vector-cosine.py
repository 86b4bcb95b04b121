# Synthetic rewrite of the shape of ebinezer-rajaram/model-merging:scripts/analysis/build_chapter5_results.py at 5e23eaf44536d8a5c10b3445b9c1b168f27be04e (licence Apache-2.0); not the original text.
"""Compare the LoRA task vectors of several fine-tuned adapters before merging them."""
import math

import numpy as np
import pandas as pd
import torch
from safetensors import safe_open

TASKS = ["asr", "emotion", "intent", "speaker"]
EPS = 1e-12


def adapter_file(task):
    return f"artifacts/{task}/adapter_model.safetensors"


def lora_modules(handle):
    return sorted({k.rsplit(".lora_", 1)[0] for k in handle.keys() if ".lora_A." in k})


def factors(handle, base):
    down = handle.get_tensor(f"{base}.lora_A.weight").float()
    up = handle.get_tensor(f"{base}.lora_B.weight").float()
    return down, up


def factored_inner(down1, up1, down2, up2, s1=1.0, s2=1.0):
    """<B1 A1, B2 A2>_F without forming the full update matrices."""
    return float(((down1 @ down2.T) * (up1.T @ up2)).sum()) * s1 * s2


def task_vector_cosines(scale=1.0):
    sq = {}
    for t in TASKS:
        with safe_open(adapter_file(t), framework="pt") as h:
            sq[t] = sum(factored_inner(*factors(h, b), *factors(h, b), scale, scale) for b in lora_modules(h))
    table = pd.DataFrame(np.nan, index=TASKS, columns=TASKS)
    for a in TASKS:
        for b in TASKS:
            if a == b:
                table.loc[a, b] = 1.0
                continue
            with safe_open(adapter_file(a), framework="pt") as ha, safe_open(adapter_file(b), framework="pt") as hb:
                shared = sorted(set(lora_modules(ha)) & set(lora_modules(hb)))
                inner = sum(factored_inner(*factors(ha, m), *factors(hb, m), scale, scale) for m in shared)
            scale_ab = math.sqrt(sq[a]) * math.sqrt(sq[b])
            table.loc[a, b] = inner / scale_ab if scale_ab > EPS else np.nan
    return table


if __name__ == "__main__":
    print(task_vector_cosines().round(3).to_markdown())
