# cosaudit corpus, synthetic file: same shape as ilatims-b/Viveka/circuit/circuit_utils.py at 637fac6091bcd64c23bf692010778dc07fb26de5 (licence NOASSERTION); new code, no text copied.
"""Small helpers for reading a HookedTransformer's residual stream in vocabulary space."""
import torch
import torch.nn.functional as F
from transformer_lens import HookedTransformer

torch.set_grad_enabled(False)


def cache_run(model: HookedTransformer, prompt: str, new_tokens: int = 16):
    """generate greedily, then cache every activation of the full sequence"""
    toks = model.generate(prompt, max_new_tokens=new_tokens, temperature=0, return_type="tokens")
    logits, cache = model.run_with_cache(toks)
    return {"cache": cache.remove_batch_dim(), "logits": logits, "strs": model.to_str_tokens(toks[0])}


def vocab_projection(model: HookedTransformer, resid, unit_columns: bool = False, p: float = 2.0):
    """Final LayerNorm, then the unembedding. With unit_columns every column of W_U is rescaled to length one
    first (a 'normed lens'), otherwise the model's own unembed is used."""
    resid = resid.to(model.cfg.device)
    h = model.ln_final(resid)
    if unit_columns:
        return h @ F.normalize(model.W_U, p=p, dim=0)
    return model.unembed(h)


def top_tokens(model, run, hook, pos, k=10, unit_columns=False):
    scores = vocab_projection(model, run["cache"][hook][pos], unit_columns)
    best = scores.topk(k)
    probs = scores.softmax(-1)[best.indices]
    return [(model.to_string(i.item()), round(p.item(), 4)) for i, p in zip(best.indices, probs)]
