# Synthetic rewrite of the shape of thechashi/llm_rounding_error_instability:src/exp4_part7_LPT_angle_dist_with_unembedding_vectors.py at 3bf7da421cbcafd1bf5572957458a99cf0e66cd3 (licence NOASSERTION); not the original text.
"""How far (in degrees) does the last hidden state sit from the output rows of the tokens it ranks highest?"""
import json
from pathlib import Path

import numpy as np
import torch
from transformers import AutoModelForCausalLM


def head_rows(checkpoint):
    net = AutoModelForCausalLM.from_pretrained(checkpoint, torch_dtype=torch.bfloat16)
    rows = net.lm_head.weight.data.float().cpu()   # [vocab, hidden]
    del net
    return rows


def compute_angle_degrees(a, b):
    a, b = a.ravel(), b.ravel()
    denom = np.linalg.norm(a) * np.linalg.norm(b)
    c = 0.0 if denom == 0 else float(a @ b) / denom
    return float(np.degrees(np.arccos(np.clip(c, -1.0, 1.0))))


def angles_per_rank(run_dir: Path, rows: torch.Tensor, ranks=(1, 2, 3, 10)):
    states = np.load(run_dir / "representations.npy")          # after the final norm
    ranked = np.array(json.loads((run_dir / "words.json").read_text())["top_10_token_ids"])
    table = rows.numpy()
    out = {r: [] for r in ranks}
    for step, lpt_rep in enumerate(states):
        for r in ranks:
            unembedding_vec = table[ranked[step][r - 1]]
            out[r].append(compute_angle_degrees(lpt_rep, unembedding_vec))
    return {r: np.asarray(v) for r, v in out.items()}


if __name__ == "__main__":
    W = head_rows("meta-llama/Llama-3.1-8B-Instruct")
    res = angles_per_rank(Path("results/exp4/q0"), W)
    for r, a in res.items():
        print(f"top-{r}: mean angle {a.mean():.2f} deg, median {np.median(a):.2f}")
