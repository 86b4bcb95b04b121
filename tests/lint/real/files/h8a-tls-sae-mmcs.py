# cosaudit corpus, synthetic file: same shape as tim-lawson/tuned-lens-sim/main.py at 8640092f9c915aee8963dcc9db3c29c5f351ec37 (licence NOASSERTION); new code, no text copied.
from itertools import pairwise

import pandas as pd
import torch
from sae_lens import SAE
from transformer_lens import HookedTransformer
from tuned_lens import TunedLens
from tuned_lens.nn.unembed import Unembed


def unit_rows(x, eps=1e-8):
    return x / x.norm(dim=-1, keepdim=True).clamp_min(eps)


def adjacent_mmcs(decoders, tag):
    per_latent, per_pair = [], []
    for a, b in pairwise(range(len(decoders))):
        sims = unit_rows(decoders[a]) @ unit_rows(decoders[b]).T
        best, where = sims.max(dim=1)
        per_latent += [(a, b, i, int(j), float(v)) for i, (j, v) in enumerate(zip(where, best))]
        per_pair.append((a, b, float(best.mean())))
    pd.DataFrame(per_latent, columns=["l1", "l2", "latent", "match", "cos"]).to_csv(f"out/{tag}_mcs.csv")
    pd.DataFrame(per_pair, columns=["l1", "l2", "mmcs"]).to_csv(f"out/{tag}_mmcs.csv")


def run(model_name, release, sae_id):
    model = HookedTransformer.from_pretrained(model_name, fold_ln=False).requires_grad_(False)
    lens = TunedLens.from_unembed_and_pretrained(Unembed(model), model_name).requires_grad_(False)
    saes = [SAE.from_pretrained(release=release, sae_id=sae_id(l))[0] for l in range(model.cfg.n_layers)]
    adjacent_mmcs([s.W_dec for s in saes], f"{release}_raw")
    adjacent_mmcs([lens.transform_hidden(s.W_dec, l) for l, s in enumerate(saes)], f"{release}_lens")


if __name__ == "__main__":
    run("EleutherAI/pythia-70m-deduped", "pythia-70m-deduped-res-sm", lambda l: f"blocks.{l}.hook_resid_post")
    run("gpt2", "gpt2-small-res-jb", lambda l: f"blocks.{l}.hook_resid_pre")
