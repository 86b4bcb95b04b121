# Synthetic rewrite of the shape of sdiehl/tiny-gpt2:tinygpt2/gpt2_run.py at b8bd1dce2f03bc2ae27f157e073b3e27fd734910 (licence MIT); not the original text.
import numpy as np


def norm(x, gain, shift, eps=1e-5):
    mu = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gain * (x - mu) / np.sqrt(var + eps) + shift


def forward(token_ids, params, heads, block_fn):
    # token rows plus learned position rows
    h = params.wte[token_ids] + params.wpe[np.arange(len(token_ids))]
    for blk in params.blocks:
        h = block_fn(h, heads=heads, block=blk)
    h = norm(h, params.ln_f.g, params.ln_f.b)
    logits = h @ params.wte.T  # Project to vocabulary
    return logits


def greedy(token_ids, params, heads, block_fn, steps):
    out = list(token_ids)
    for _ in range(steps):
        nxt = int(np.argmax(forward(out, params, heads, block_fn)[-1]))
        out.append(nxt)
    return out[len(token_ids):]
