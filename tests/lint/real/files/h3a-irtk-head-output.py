# cosaudit corpus, synthetic file: same shape as danielpcox/irtk/irtk/attention_head_output_analysis.py at a0561d16ef8ec3163c8ca91b6bf698be857d760b (licence Apache-2.0); new code, no text copied.
"""What do the attention heads of a layer write? Directions, token alignment, diversity."""
import jax.numpy as jnp
from irtk import HookedTransformer


def head_outputs(model: HookedTransformer, tokens, layer):
    _, cache = model.run_with_cache(tokens)
    z = cache[f"blocks.{layer}.attn.hook_z"]                  # [seq, head, d_head]
    w_o = model.blocks[layer].attn.W_O                         # [head, d_head, d_model]
    return jnp.einsum("shd,hdm->hsm", z, w_o)                 # [head, seq, d_model]


def token_alignment(model: HookedTransformer, tokens, layer, pos=-1, specific=0.3):
    """Which vocabulary direction does each head's write at `pos` line up with best?"""
    outs = head_outputs(model, tokens, layer)[:, pos]          # [head, d_model]
    w_u = model.unembed.W_U                                    # [d_model, d_vocab]
    unit_vocab = w_u / (jnp.linalg.norm(w_u, axis=0, keepdims=True) + 1e-10)
    report = []
    for h, out in enumerate(outs):
        direction = out / (jnp.linalg.norm(out) + 1e-10)
        scores = direction @ unit_vocab
        best = int(jnp.argmax(scores))
        report.append({"head": h, "token": best, "alignment": float(scores[best]),
                       "mean_abs": float(jnp.mean(jnp.abs(scores))), "token_specific": float(scores[best]) > specific})
    return report


def head_diversity(model: HookedTransformer, tokens, layer):
    """mean |cosine| between the average write directions of different heads"""
    outs = head_outputs(model, tokens, layer).mean(1)
    unit = outs / (jnp.linalg.norm(outs, axis=-1, keepdims=True) + 1e-10)
    grid = jnp.abs(unit @ unit.T)
    n = len(unit)
    return float((grid.sum() - n) / (n * (n - 1)))
