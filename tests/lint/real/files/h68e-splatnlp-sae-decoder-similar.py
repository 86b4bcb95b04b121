# Synthetic rewrite of the shape of cesaregarza/SplatNLP:src/splatnlp/mechinterp/cli/decoder_cli.py at 785f49f79ad5ac434ff2d4b07796ee513174cb9d (licence GPL-3.0-only); not the original text.
"""Command line helpers for SAE dictionary analysis.

    python -m tools.sae_dict similar --latent 812 --top-k 10
    python -m tools.sae_dict effect  --latent 812
"""
import argparse
import json

import torch

from tools.sae_io import load_dictionary, logit_effect  # dictionary is SAE decoder [hidden, latents]


def run_effect(args):
    effect = logit_effect(args.latent)  # output rows @ decoder column, computed in the helper
    ranked = torch.argsort(effect, descending=True)[: args.top_k]
    print(json.dumps([{"token": int(i), "effect": float(effect[i])} for i in ranked]))


def run_similar(args):
    """Rank SAE latents whose decoder directions point the same way."""
    decoder = load_dictionary(args.model)
    probe = decoder[:, args.latent]
    probe = probe / (probe.norm() + 1e-10)
    cols = decoder / (decoder.norm(dim=0, keepdim=True) + 1e-10)
    sims = cols.T @ probe
    sims[args.latent] = -1.0
    best = torch.argsort(sims, descending=True)[: args.top_k]
    rows = [{"latent": int(i), "cosine": round(float(sims[i]), 4)} for i in best]
    if args.format == "json":
        print(json.dumps({"query": args.latent, "neighbours": rows}, indent=2))
    else:
        print("| latent | cosine |")
        for r in rows:
            print(f"| {r['latent']} | {r['cosine']:.4f} |")


def main():
    p = argparse.ArgumentParser(description="SAE decoder dictionary analysis")
    sub = p.add_subparsers(dest="cmd", required=True)
    for name, fn in (("similar", run_similar), ("effect", run_effect)):
        s = sub.add_parser(name)
        s.add_argument("--latent", type=int, required=True)
        s.add_argument("--model", default="full")
        s.add_argument("--top-k", type=int, default=10)
        s.add_argument("--format", default="md")
        s.set_defaults(fn=fn)
    args = p.parse_args()
    args.fn(args)


if __name__ == "__main__":
    main()
