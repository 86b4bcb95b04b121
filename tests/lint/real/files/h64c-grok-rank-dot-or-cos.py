# Synthetic rewrite of the shape of Mabdel-03/9.520-The-Geometry-of-Grok:Replications/04_wang_et_al_2024_implicit_reasoners/causal_tracing_comparison.py at 86b60a86bed201e2e50d48f2e208bc32f1fbd112 (licence MIT); not the original text.
"""Logit-lens ranks of the answer token at every layer of a small GPT-2 trained on comparisons."""
import os

import torch
import torch.nn.functional as F
from transformers import GPT2LMHeadModel, GPT2Tokenizer


def position_rank(states, vocab_rows, target_id, mode="dot", pos=-1):
    """Rank of target_id when each vocabulary row is scored against the state at pos."""
    if mode == "cos":
        table = F.normalize(vocab_rows, dim=1)
    elif mode == "dot":
        table = vocab_rows
    else:
        raise ValueError(mode)
    scores = states[pos] @ table.T
    order = torch.argsort(scores, descending=True)
    return int((order == target_id).nonzero()[0, 0])


def trace_checkpoint(path, queries, device="cuda"):
    lm = GPT2LMHeadModel.from_pretrained(path).to(device).eval()
    tok = GPT2Tokenizer.from_pretrained(path)
    unembed = lm.lm_head.weight.detach()
    per_query = []
    for prompt, answer in queries:
        ids = tok(prompt, return_tensors="pt").input_ids.to(device)
        with torch.no_grad():
            hidden = lm(ids, output_hidden_states=True).hidden_states
        answer_id = tok(answer)["input_ids"][0]
        row = {"final": position_rank(hidden[-1][0], unembed, answer_id)}
        for layer in range(1, len(hidden) - 1):
            with torch.no_grad():
                normed = lm.transformer.ln_f(hidden[layer])
            row[f"layer{layer}"] = position_rank(normed[0], unembed, answer_id)
        per_query.append(row)
    return per_query


def sweep(run_dir, queries):
    ckpts = sorted(
        (c for c in os.listdir(run_dir) if c.startswith("checkpoint")),
        key=lambda c: int(c.split("-")[1]),
    )
    return {c: trace_checkpoint(os.path.join(run_dir, c), queries) for c in ckpts}
