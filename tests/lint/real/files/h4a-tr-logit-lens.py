# cosaudit corpus, synthetic file: same shape as toprak1919/turkish-reasoning-logit-lens/src/logit_lens.py at 1db1aea60889204da8863574db4d5bfe1ce8b962 (licence MIT); new code, no text copied.
"""Logit-lens tracking of target-token probabilities across layers for Turkish reasoning prompts."""
import numpy as np
import torch
import torch.nn.functional as F


@torch.no_grad()
def track_targets(wrapper, input_ids, target_ids):
    """Every layer's residual at the last position goes through the unembedding; follow P(targets)."""
    logits = wrapper.logit_lens_all_layers(input_ids, position=-1)     # (layers, vocab)
    probs = F.softmax(logits.float(), dim=-1)
    target_p = probs[:, target_ids].sum(-1)
    return {"logits": logits.cpu(), "p_target": target_p.cpu().numpy(),
            "first_layer_above_half": int(np.argmax(target_p.cpu().numpy() > 0.5))}


def js_divergence(logits_a, logits_b):
    p = F.softmax(logits_a.float(), dim=-1)
    q = F.softmax(logits_b.float(), dim=-1)
    m = 0.5 * (p + q)
    kl = lambda a, b: (a * (a.clamp_min(1e-12).log() - b.clamp_min(1e-12).log())).sum(-1)
    return (0.5 * kl(p, m) + 0.5 * kl(q, m)).numpy()
