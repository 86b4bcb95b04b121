# Synthetic rewrite of the shape of designer-coderajay/Glassbox-AI-2.0-Mechanistic-Interpretability-tool:glassbox/sae_attribution.py at 704ecc634f54ab8d0283dbf16b625c4c7a5a3bc3 (licence MIT); not the original text.
"""Score sparse-autoencoder features by how much they push one answer over another."""
from typing import Dict, List

import torch

HOOK = "blocks.{layer}.hook_resid_post"


def score_features(model, saes: Dict[int, object], tokens, good: str, bad: str,
                   layers: List[int] = None, margin: float = 0.01):
    if layers is None:
        n = model.cfg.n_layers
        layers = list(range(max(0, n - 3), n))

    i_good = model.to_single_token(good)
    i_bad = model.to_single_token(bad)

    unembed = model.W_U.detach().float()                 # [d_model, d_vocab]
    answer_axis = unembed[:, i_good] - unembed[:, i_bad]  # logit-difference direction

    wanted = {HOOK.format(layer=l) for l in layers}
    with torch.no_grad():
        _, cache = model.run_with_cache(tokens, names_filter=lambda k: k in wanted)

    per_layer_gap, picked = {}, []
    for layer in layers:
        resid = cache[HOOK.format(layer=layer)][0, -1].float()
        sae = saes[layer]
        with torch.no_grad():
            acts = sae.encode(resid[None])[0]
            logits = model.ln_final(resid[None])[0] @ unembed
        per_layer_gap[layer] = float(logits[i_good] - logits[i_bad])

        dec = sae.W_dec.detach().float()                 # [n_features, d_model]
        push = acts * (dec @ answer_axis)                # contribution to the logit gap

        for fid in (acts > 0).nonzero(as_tuple=True)[0].tolist():
            c = float(push[fid])
            side = "good" if c > margin else "bad" if c < -margin else "flat"
            picked.append({"layer": layer, "feature": fid, "act": float(acts[fid]),
                           "push": c, "side": side})

    picked.sort(key=lambda r: -abs(r["push"]))
    return {"features": picked[:25], "layer_gap": per_layer_gap}
