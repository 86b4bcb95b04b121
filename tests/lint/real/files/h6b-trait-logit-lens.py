# cosaudit corpus, synthetic file: same shape as ewernn/trait-interp/utils/process_activations.py at eda7c50bb83de2a1ec8d744a08543f5d6b5dabeb (licence MIT); new code, no text copied.
import torch


def lens_from_saved(residuals, model, norm_fn, top_k=10):
    """read saved residual-stream activations through the final norm and the unembedding"""
    head = getattr(model, "lm_head", None)
    if head is not None:
        unembed = head.weight.detach()
    else:
        unembed = model.model.embed_tokens.weight.detach()   # tied models
    results = {}
    for layer, resid in residuals.items():
        resid = norm_fn(resid.to(unembed.device, unembed.dtype))
        logits = resid @ unembed.T
        results[layer] = torch.topk(logits.float(), top_k, dim=-1)
    return results
