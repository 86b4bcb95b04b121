# Synthetic rewrite of the shape of nlpnorth/snakmodel:analyze/divergence/embeddings.py at 64faa272f96461341a1e988f961c3f70ce8b6b77 (licence MIT); not the original text.
import argparse
import json

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def get_args():
    ap = argparse.ArgumentParser(description="Per-token change of embedding or output rows")
    ap.add_argument("--base", required=True)
    ap.add_argument("--others", nargs="+", required=True)
    ap.add_argument("--which", choices=["emb", "lmh"], default="emb")
    ap.add_argument("--out", required=True)
    ap.add_argument("--show", type=int, default=100)
    return ap.parse_args()


def rows(model, which):
    if which == "lmh":
        return model.lm_head.weight.detach()
    return model.model.embed_tokens.weight.detach()


if __name__ == "__main__":
    args = get_args()
    base = AutoModelForCausalLM.from_pretrained(args.base, device_map="cpu")
    tok = AutoTokenizer.from_pretrained(args.base)
    vocab = tok.convert_ids_to_tokens(list(range(tok.vocab_size)))
    report = {}
    for name in args.others:
        other = AutoModelForCausalLM.from_pretrained(name, device_map="cpu")
        base_weight, comp_weight = rows(base, args.which), rows(other, args.which)
        # L1 size of each token's row update between the two checkpoints
        delta = torch.sum(torch.abs(base_weight - comp_weight), dim=-1)
        per_token = {t: float(d) for t, d in zip(vocab, delta)}
        ranked = sorted(per_token.items(), key=lambda kv: kv[1], reverse=True)
        print("most changed:", ranked[: args.show])
        print("least changed:", ranked[-args.show:])
        print(f"mean change {delta.mean():.4f}; rows above mean: {(delta > delta.mean()).sum()}")
        report[f"{args.base}<->{name}"] = per_token
    with open(args.out, "w") as fh:
        json.dump(report, fh, indent=2)
