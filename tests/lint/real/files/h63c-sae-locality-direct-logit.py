# Synthetic rewrite of the shape of OE-GOD/feature-geometry-locality:run_gpt2_sae.py at 7b8673c485ce595962e01430638445d9daad34ea (licence NOASSERTION); not the original text.
"""Do dictionary features that sit close together also act alike?

Take the decoder directions of a residual-stream SAE on GPT-2 small as the
"geometry", and each feature's direct effect on the output vocabulary as its
"function". Then compare pairwise cosines of the two.
"""
import argparse
import json

import numpy as np


def unit(x):
    x = np.asarray(x, dtype=np.float64)
    n = np.linalg.norm(x, axis=1, keepdims=True)
    n[n == 0] = 1.0
    return x / n


def pairwise(dirs, effects):
    g = unit(dirs) @ unit(dirs).T          # decoder-direction cosines
    f = unit(effects) @ unit(effects).T    # cosines of vocabulary-effect vectors
    iu = np.triu_indices(len(dirs), k=1)
    return g[iu], f[iu]


def load(release, sae_name, device):
    from sae_lens import SAE
    from transformer_lens import HookedTransformer
    sae = SAE.from_pretrained(release=release, sae_id=sae_name, device=device)
    sae = sae[0] if isinstance(sae, tuple) else sae
    dec = sae.W_dec.detach().float().cpu().numpy()            # features x d_model
    lm = HookedTransformer.from_pretrained("gpt2", device=device)
    unembed = lm.W_U.detach().float().cpu().numpy()           # d_model x vocab
    return dec, unembed


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--release", default="gpt2-small-res-jb")
    p.add_argument("--sae-id", default="blocks.8.hook_resid_pre")
    p.add_argument("--k", type=int, default=3000)
    p.add_argument("--out", default="locality_gpt2.json")
    a = p.parse_args()

    dec, unembed = load(a.release, a.sae_id, "cpu")
    rng = np.random.default_rng(0)
    pick = np.sort(rng.choice(dec.shape[0], size=min(a.k, dec.shape[0]), replace=False))
    dirs = dec[pick]
    effects = dirs @ unembed          # each feature's push on every token's logit
    geo, fn = pairwise(dirs, effects)
    slope = np.polyfit(geo, fn, 1)[0]
    with open(a.out, "w") as fh:
        json.dump({"k": int(len(pick)), "slope": float(slope)}, fh, indent=2)


if __name__ == "__main__":
    main()
