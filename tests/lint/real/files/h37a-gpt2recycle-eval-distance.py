# Synthetic rewrite of the shape of wietsedv/gpt2-recycle:src/alignment/eval_distance.py at 7d1dbac01f111d87445de5b950c88971c0a1b733 (licence Apache-2.0); not the original text.
import argparse
import json
from pathlib import Path

import numpy as np
from sklearn.metrics.pairwise import cosine_distances
from transformers import GPT2LMHeadModel


def token_table(path):
    lm = GPT2LMHeadModel.from_pretrained(str(path))
    return lm.transformer.wte.weight.detach().numpy()


def table_gap(path_a, path_b, how):
    left, right = token_table(path_a), token_table(path_b)
    assert left.shape == right.shape
    if how == "cosine":
        # same token id, two checkpoints: mean cosine distance row by row
        return cosine_distances(left, right).diagonal().mean()
    return float(np.linalg.norm(left - right, axis=1).mean())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("lang")
    ap.add_argument("first")
    ap.add_argument("others", nargs="+")
    ap.add_argument("--how", choices=["euclidean", "cosine"], default="euclidean")
    args = ap.parse_args()

    out = Path("data") / args.lang / "results" / f"gap-{args.how}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    scores = json.loads(out.read_text()) if out.exists() else {}
    for other in args.others:
        gap = table_gap(args.first, other, args.how)
        print(f"{args.first} vs {other}: {gap:.3f}")
        scores[f"{args.first}@{other}"] = float(gap)
    out.write_text(json.dumps(scores, indent=2))


if __name__ == "__main__":
    main()
