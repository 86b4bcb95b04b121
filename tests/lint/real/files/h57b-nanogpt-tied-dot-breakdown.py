# Synthetic rewrite of the shape of tansaku/nanogpt-visualizer:visualize_attention_flow_wordmaps.py at 15595ba7c640b772bb8e776ae6ceb8bb80ecf31c (licence NOASSERTION); not the original text.
import os

import numpy as np
import torch


def layer_norm(v, gain, shift, eps=1e-5):
    mu = v.mean(-1, keepdims=True)
    var = v.var(-1, keepdims=True)
    return gain * (v - mu) / np.sqrt(var + eps) + shift


def final_readout(ckpt_path, resid, id_to_word):
    """resid: residual stream after the last block, shape [seq, n_embd] (numpy)."""
    state = torch.load(ckpt_path, map_location="cpu")["model"]
    tok_table = state["transformer.wte.weight"]          # nanoGPT ties this to lm_head
    g = state["transformer.ln_f.weight"].numpy()
    b_t = state.get("transformer.ln_f.bias")
    b = b_t.numpy() if b_t is not None else np.zeros_like(g)

    normed = layer_norm(resid, g, b)

    # output projection re-uses the token table (weight tying)
    head = tok_table.numpy()
    scores = normed @ head.T

    last = scores[-1]
    best = int(np.argmax(last))
    best_word = id_to_word[best]

    # per-dimension contribution of the winning logit: residual times its head row
    winner_row = tok_table[best].numpy()
    contrib = normed[-1] * winner_row

    probs = np.exp(last - last.max())
    probs /= probs.sum()
    order = np.argsort(-probs)[:10]
    return {
        "winner": best_word,
        "per_dim_contribution": contrib,
        "top_words": [id_to_word[i] for i in order],
        "top_probs": probs[order].tolist(),
    }


if __name__ == "__main__":
    path = os.environ.get("MODEL")
    if path:
        print("load a checkpoint and pass its residual stream to final_readout")
