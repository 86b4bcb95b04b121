# Synthetic rewrite of the shape of NikolaiBolik/transcoder_circuits:transcoder_circuits/feature_dashboards.py at a1a10d33fbf830245a6744080bd013ff1ff264a0 (licence NOASSERTION); not the original text.
"""Dashboard helpers: which output tokens one dictionary feature pushes up or down."""
import numpy as np
import torch
import matplotlib.pyplot as plt


def as_np(t):
    return t.detach().cpu().numpy()


def feature_token_effects(lm, dictionary, idx, top=8):
    """Top and bottom tokens for a feature's decoder direction, read through the unembedding."""
    direction = dictionary.W_dec[idx]
    with torch.no_grad():
        ups = torch.topk(direction @ lm.W_U, k=top)      # raw logit weights, no normalising
        downs = torch.topk(-(direction @ lm.W_U), k=top)
    up_tokens = lm.to_str_tokens(as_np(ups.indices))
    down_tokens = lm.to_str_tokens(as_np(downs.indices))
    return list(zip(as_np(ups.values), up_tokens, -as_np(downs.values), down_tokens))


def print_effect_table(lm, dictionary, idx, top=8):
    rows = feature_token_effects(lm, dictionary, idx, top)
    print(f"{'suppressed':>16} {'':>8} | {'boosted':<16}")
    for up_v, up_t, down_v, down_t in rows:
        print(f"{down_t!r:>16} {down_v:8.3f} | {up_t!r:<16} +{up_v:.3f}")


def effect_histogram(lm, dictionary, idx):
    # the whole vocabulary's logit effect of this one feature, split by sign
    effects = as_np(dictionary.W_dec[idx] @ lm.W_U)
    fig, ax = plt.subplots(figsize=(5, 2))
    ax.hist(effects[effects < 0], color="#e08080")
    ax.hist(effects[effects > 0], color="#8080e0")
    ax.set_xlabel("logit effect")
    plt.show()
    return effects
