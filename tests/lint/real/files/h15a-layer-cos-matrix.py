# cosaudit corpus, synthetic file: same shape as ceselder/skip-lens/evals/cosine_matrix.py at 055efec938a75bae56b492e183f045fe876bad7f (licence unknown); new code, no text copied.
"""Depth x depth cosine matrix of mean residual directions at the final position."""
import json

import numpy as np
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

NAME = "Qwen/Qwen2.5-7B"
tok = AutoTokenizer.from_pretrained(NAME)
lm = AutoModelForCausalLM.from_pretrained(NAME, torch_dtype=torch.bfloat16).eval()
texts = [row["text"] for row in json.load(open("eval_prompts.json"))]

acc = None
count = 0
with torch.no_grad():
    for text in texts:
        ids = tok(text, return_tensors="pt").input_ids[:, -256:]
        states = lm(ids, output_hidden_states=True).hidden_states
        H = torch.stack([s[0, -1].float() for s in states]).numpy()
        unit = H / (np.linalg.norm(H, axis=1, keepdims=True) + 1e-8)
        acc = unit if acc is None else acc + unit
        count += 1

mean_dir = acc / count


def cos_table(M):
    M = M / (np.linalg.norm(M, axis=1, keepdims=True) + 1e-8)
    return (M @ M.T).tolist()


json.dump({"layers": mean_dir.shape[0], "cos": cos_table(mean_dir)}, open("depth_cos.json", "w"))
