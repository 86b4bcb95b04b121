# expect: COS301
"""The angle between a saved hidden state and the head row of each of its top tokens, through two
helpers: one picks the rows from the head it is given (`table[ranked[step][r]]`), the other flattens
both vectors (`a.ravel()`) and takes the cosine. The rows are the head's (COS120: a vector against one
label's row). Quiet: the same angle between two hidden states.

Shapes seen in public studies of the last hidden state's geometry; written for cosaudit's tests.
"""
import json

import numpy as np
from transformers import AutoModelForCausalLM


def angle_degrees(a, b):
    a, b = a.ravel(), b.ravel()
    denom = np.linalg.norm(a) * np.linalg.norm(b)
    c = 0.0 if denom == 0 else float(a @ b) / denom
    return float(np.degrees(np.arccos(np.clip(c, -1.0, 1.0))))


def angles_per_rank(states_path, ranks_path, rows):
    states = np.load(states_path)
    ranked = json.load(open(ranks_path))["top_ids"]
    table = rows.numpy()
    return [angle_degrees(state, table[ranked[step][0]]) for step, state in enumerate(states)]


def drift(states_path):
    states = np.load(states_path)
    return [angle_degrees(states[i], states[i + 1]) for i in range(len(states) - 1)]


if __name__ == "__main__":
    net = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-3.1-8B-Instruct")
    head = net.lm_head.weight.data.float().cpu()
    print(angles_per_rank("reps.npy", "words.json", head))  # expect: COS120
    print(drift("reps.npy"))
