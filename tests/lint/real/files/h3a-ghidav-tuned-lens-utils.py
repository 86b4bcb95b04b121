# cosaudit corpus, synthetic file: same shape as ghidav/mech-interp/angles/tuned_lens_utils.py at e70c6b09a4f8eef265214a6bfcc0304d5b77194b (licence NOASSERTION); new code, no text copied.
"""Compare lens read-outs with the model's output in log-probability space (Aitchison geometry)."""
import torch as th


def aitchison(log_p, log_q, weight=None, dim=-1):
    """weighted Aitchison inner product of two log-probability vectors"""
    if weight is None:
        weight = th.full_like(log_p, 1.0 / log_p.shape[dim])
    cp = log_p - (weight * log_p).sum(dim, keepdim=True)
    cq = log_q - (weight * log_q).sum(dim, keepdim=True)
    return (weight * cp * cq).sum(dim)


def aitchison_cosine(log_p, log_q, weight=None, dim=-1, eps=1e-8):
    """Cosine of two log-probability vectors under the Aitchison inner product."""
    num = aitchison(log_p, log_q, weight, dim)
    den = (aitchison(log_p, log_p, weight, dim) * aitchison(log_q, log_q, weight, dim)).sqrt()
    return num / den.clamp_min(eps)


def layer_agreement(model, lens, tokens):
    _, cache = model.run_with_cache(tokens)
    final = model.unembed(cache["ln_final.hook_normalized"]).log_softmax(-1)
    out = []
    for layer in range(model.cfg.n_layers - 1):
        read = lens(cache[f"blocks.{layer}.hook_resid_post"], idx=layer).log_softmax(-1)
        out.append(aitchison_cosine(read, final).mean().item())
    return out
