# cosaudit corpus, synthetic file: same shape as JuliaDima/mech-interp-qwen3/experiments/concept_localization/analyze.py at da08c572149ed163c94b9f06c2507017dce56bfa (licence NOASSERTION); new code, no text copied.
"""How sharp and how stable is a concept's delta across layers and prompt templates, and which SAE
latents does it line up with?"""
import torch
import torch.nn.functional as F


def layer_profile(delta_by_layer):
    layers = sorted(delta_by_layer)
    norms = [delta_by_layer[l].norm().item() for l in layers]
    step_cos = [F.cosine_similarity(delta_by_layer[a][None], delta_by_layer[b][None]).item()
                for a, b in zip(layers, layers[1:])]
    return norms, step_cos


def template_agreement(per_template):
    names = list(per_template)
    pairs = []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            pairs.append(F.cosine_similarity(per_template[names[i]][None], per_template[names[j]][None]).item())
    return sum(pairs) / max(1, len(pairs))


def matching_latents(delta, transcoder, k=10):
    """rank latents by the cosine of the delta with their decoder (and encoder) directions"""
    dec = transcoder.W_dec.detach().to(delta.dtype)
    enc = transcoder.W_enc.detach().T.to(delta.dtype)
    dn = delta.norm()
    dec_cos = (dec @ delta) / (dec.norm(dim=1).clamp(min=1e-8) * dn)
    enc_cos = (enc @ delta) / (enc.norm(dim=1).clamp(min=1e-8) * dn)
    score = dec_cos + enc_cos
    top = score.topk(k)
    return [(int(i), float(dec_cos[i]), float(enc_cos[i])) for i in top.indices]
