# cosaudit corpus, synthetic file: same shape as Evan-Economou/Logit-Lens/lens.py at 338b68806a04654a1da4531a870d5a6b4cd4f063 (licence NOASSERTION); new code, no text copied.
import argparse

import torch
from rich.console import Console
from rich.table import Table
from transformer_lens import HookedTransformer

console = Console()


def lens_predictions(model: HookedTransformer, cache, top_k: int):
    rows = []
    for layer in range(model.cfg.n_layers):
        normed = model.ln_final(cache["resid_post", layer])
        logits = model.unembed(normed)              # [1, seq, vocab]
        probs = torch.softmax(logits[0, -1], dim=-1)
        p, i = probs.topk(top_k)
        rows.append((layer, model.to_str_tokens(i), p.tolist()))
    return rows


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("prompt")
    ap.add_argument("--k", type=int, default=5)
    args = ap.parse_args()
    model = HookedTransformer.from_pretrained("gpt2-small")
    _, cache = model.run_with_cache(args.prompt)
    table = Table("layer", "tokens", "probs")
    for layer, toks, ps in lens_predictions(model, cache, args.k):
        table.add_row(str(layer), " | ".join(toks), " ".join(f"{p:.2f}" for p in ps))
    console.print(table)
