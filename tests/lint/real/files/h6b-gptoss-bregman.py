# cosaudit corpus, synthetic file: same shape as ckerce/gpt-oss-interpretability/threads/solid/14-bregman-geometry/run_bregman_conditioning.py at 3d70fa6edf157f04344d8f87e19875db7849547d (licence NOASSERTION); new code, no text copied.
import argparse

import torch

from lens_tools.steering import conditioning_report, vocab_direction  # vocab_direction(W, a, b) = W[a] - W[b]
from lens_tools.models import load_structure


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True)
    ap.add_argument("--plus", default=None, help="token whose row is added")
    ap.add_argument("--minus", default=None, help="token whose row is subtracted")
    args = ap.parse_args()

    parts = load_structure(args.model)
    head_w = parts.lm_head.weight.detach().float().cpu()
    direction = None
    if args.plus or args.minus:
        if not (args.plus and args.minus):
            raise SystemExit("give both --plus and --minus to build a difference direction")
        tok = parts.tokenizer
        a, b = tok.convert_tokens_to_ids(args.plus), tok.convert_tokens_to_ids(args.minus)
        direction = vocab_direction(head_w, a, b)
    report = conditioning_report(parts, head_w, steer=direction)
    for layer, row in report.items():
        print(layer, row.effective_rank, row.primal_dual_cosine)


if __name__ == "__main__":
    main()
