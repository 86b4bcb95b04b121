# cosaudit corpus, synthetic file: same shape as tomoqt/lm-head-gradient-bottleneck-flywheel-repro/scripts/exp_gradient_suppression.py at 3342cdfa650b788d7f5af896879fbf06fd685061 (licence NOASSERTION); new code, no text copied.
"""How much of the cross-entropy gradient on the logits survives back through the LM head?"""
import argparse
import json

import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer

TEXTS = ["Gradients through a large vocabulary head are squeezed into a low-rank space.",
         "We project per-token logit gradients onto the span of the head."]


def head_weight(lm):
    out = lm.get_output_embeddings()
    return out.weight.detach()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="gpt2")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    tok = AutoTokenizer.from_pretrained(a.model)
    tok.pad_token = tok.pad_token or tok.eos_token
    lm = AutoModelForCausalLM.from_pretrained(a.model).eval()

    W = head_weight(lm).float()                       # [V, d]
    basis = torch.linalg.qr(W, mode="reduced").Q       # orthonormal basis of col(W), [V, d]

    enc = tok(TEXTS, return_tensors="pt", padding=True)
    with torch.no_grad():
        logits = lm(**enc).logits.float()[:, :-1]
    labels = enc.input_ids[:, 1:]
    g = F.softmax(logits, -1) - F.one_hot(labels, logits.shape[-1]).float()
    g = g[labels != tok.pad_token_id]
    kept = (g @ basis) @ basis.T
    lost = (g - kept).norm(dim=-1) / g.norm(dim=-1).clamp_min(1e-9)
    json.dump({"suppressed_mean": float(lost.mean()), "n": int(lost.numel())}, open(a.out, "w"))


if __name__ == "__main__":
    main()
