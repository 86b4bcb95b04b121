# cosaudit corpus, synthetic file: same shape as base76-research-lab/Mechanistic-Interpretability/scripts/wu_projection_check.py at b53f02f72cb84cda780a5300b0d3142adb0f5d3d (licence NOASSERTION); new code, no text copied.
"""Compare the tokens whose output-head rows point closest to a layer's residual vector
with the tokens the model actually ranks highest."""
import argparse
import json
from pathlib import Path

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def piece(tok, i):
    s = tok.decode([i]).strip()
    return s or "<sp>"


def run(args):
    tok = AutoTokenizer.from_pretrained(args.model)
    lm = AutoModelForCausalLM.from_pretrained(args.model).eval()
    batch = tok(args.prompt, return_tensors="pt")
    with torch.no_grad():
        res = lm(**batch, output_hidden_states=True)
    state = res.hidden_states[args.layer][0, -1]
    final_logits = res.logits[0, -1]

    head = lm.get_output_embeddings().weight  # [vocab, d_model]
    unit_state = state / (state.norm() + 1e-9)
    unit_rows = head / (head.norm(dim=1, keepdim=True) + 1e-9)
    sims = unit_rows @ unit_state

    best_cos = torch.topk(sims, args.k)
    best_logit = torch.topk(final_logits, args.k)
    shared = set(best_cos.indices.tolist()) & set(best_logit.indices.tolist())
    report = {
        "by_cosine": [[piece(tok, int(i)), float(v)] for v, i in zip(best_cos.values, best_cos.indices)],
        "by_logit": [[piece(tok, int(i)), float(v)] for v, i in zip(best_logit.values, best_logit.indices)],
        "overlap": len(shared),
    }
    Path(args.out).write_text(json.dumps(report, indent=2))
    print("overlap", len(shared))


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--prompt", required=True)
    p.add_argument("--model", default="gpt2")
    p.add_argument("--layer", type=int, default=5)
    p.add_argument("--k", type=int, default=10)
    p.add_argument("--out", default="wu_check.json")
    run(p.parse_args())
