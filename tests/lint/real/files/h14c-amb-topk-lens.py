# cosaudit corpus, synthetic file: same shape as AnnemetteBP/MechInterp/mech_interp_utils/utils_main/src/transformer_utils/logit_lens/topk_lens_plotter.py at 29d9a47ee01eb1b2be2c8a2b430c4423e7a4860e (licence NOASSERTION); new code, no text copied.
"""Top-k logit-lens heatmaps for causal LMs (LLaMA / OLMo style: model.model.norm + model.lm_head)."""
import numpy as np
import torch
from scipy.spatial.distance import cosine


def layer_logits(model, hidden_states):
    """Push every layer's hidden states through the final norm and the LM head."""
    out = []
    with torch.no_grad():
        for h in hidden_states:
            out.append(model.lm_head(model.model.norm(h)).float().cpu().numpy())
    return np.stack(out)  # (layers, batch, seq, vocab)


def topk_probs(logits, k=5):
    z = logits - logits.max(axis=-1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=-1, keepdims=True)
    idx = np.argsort(p, axis=-1)[..., -k:][..., ::-1]
    return idx, np.take_along_axis(p, idx, axis=-1), p


def kl_to_final(probs):
    final = probs[-1]
    return [float(np.sum(final * (np.log(final + 1e-12) - np.log(q + 1e-12)), axis=-1).mean()) for q in probs]


def neighbour_layer_cosine(probs):
    """Mean over positions of the cosine between the distributions of consecutive layers."""
    sims = []
    for a, b in zip(probs[:-1], probs[1:]):
        per_pos = []
        for j in range(a.shape[0]):
            per_pos.append(1 - cosine(a[j], b[j]))
        sims.append(float(np.mean(per_pos)))
    return sims


def run(model, tokenizer, text, k=5, metric="cos_sims"):
    enc = tokenizer(text, return_tensors="pt").to(model.device)
    with torch.no_grad():
        hs = model(**enc, output_hidden_states=True).hidden_states
    logits = layer_logits(model, hs)[:, 0]
    idx, top, probs = topk_probs(logits, k)
    if metric == "cos_sims":
        return neighbour_layer_cosine(probs)
    if metric == "kl":
        return kl_to_final(probs)
    return idx, top
