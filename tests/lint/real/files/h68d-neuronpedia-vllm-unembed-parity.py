# Synthetic rewrite of the shape of hijohnnylin/neuronpedia:apps/inference/scripts/vllm_unembed_check.py at ebb8426fc550ad5d1f76d52c271a624af3c08a57 (licence Apache-2.0); not the original text.
"""Parity check for the server-side logit lens.

Grabs the residual stream at a few layers from the fast inference backend, turns each
one into logits with the backend's own final norm and output head, and does the same
with a plain eager reference model. The two logit tensors should agree; this gate must
pass before layer-wise lens read-outs from the fast backend are trusted.
"""
import argparse

import torch


def compare(fast_logits, ref_logits):
    """cosine between the two flattened logit tensors, top-1 agreement and max abs gap"""
    got = fast_logits.float()[: ref_logits.shape[0]]
    a = got.reshape(-1).double()
    b = ref_logits.reshape(-1).double()
    cos = float(a @ b / (a.norm() * b.norm()))
    top1 = float((got.argmax(-1) == ref_logits.argmax(-1)).float().mean())
    gap = float((got - ref_logits).abs().max())
    return cos, top1, gap


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="Qwen/Qwen3-0.6B")
    ap.add_argument("--prompt", default="The capital of Italy is Rome, and the capital of Spain is")
    args = ap.parse_args()

    from engine import FastBackend, EagerReference  # project-local wrappers

    fast = FastBackend(args.model)
    ids = fast.tokenizer(args.prompt)["input_ids"]
    layers = sorted({0, fast.n_layers // 2, fast.n_layers - 1})
    fast_logits = {l: fast.lens_decode(fast.capture_resid(ids, l)) for l in layers}
    fast.close()

    ref = EagerReference(args.model)
    worst = 1.0
    print(f"{'layer':>6} {'cos':>10} {'top1':>8} {'maxabs':>10}")
    for l in layers:
        resid = ref.capture_resid(ids, l)
        ref_logits = ref.lm_head(ref.final_norm(resid)).float().cpu()
        cos, top1, gap = compare(fast_logits[l], ref_logits)
        worst = min(worst, cos)
        print(f"{l:>6} {cos:>10.6f} {top1:>8.4f} {gap:>10.3e}")
    print(f"worst logit cosine {worst:.6f} -> {'PASS' if worst > 0.999 else 'CHECK'}")


if __name__ == "__main__":
    main()
