# cosaudit corpus, synthetic file: same shape as GaloisTheory/mech-interp-exploration/experiments/exp_001_logit_lens/logit_lens_utils.py at 748f4e0b20dc8d77c6176302eb1340840ade4661 (licence NOASSERTION); new code, no text copied.
"""Logit lens on a TransformerLens model: the top prediction and the rank of a target token at every layer."""
import torch


def lens_at_layers(model, prompt, target):
    tokens = model.to_tokens(prompt)
    _, cache = model.run_with_cache(tokens)
    target_id = model.to_single_token(target)
    rows = []
    for layer in range(model.cfg.n_layers):
        resid = cache[f"blocks.{layer}.hook_resid_post"][0, -1]
        normed = model.ln_final(resid[None, None])
        logits = model.unembed(normed)[0, 0]
        probs = logits.softmax(-1)
        rank = int((logits > logits[target_id]).sum())
        rows.append({"layer": layer, "top": model.to_string(int(logits.argmax())),
                     "p_target": float(probs[target_id]), "rank": rank})
    return rows


def first_layer_with_target_on_top(rows):
    for r in rows:
        if r["rank"] == 0:
            return r["layer"]
    return None
