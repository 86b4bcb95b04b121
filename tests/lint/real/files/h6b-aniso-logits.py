# cosaudit corpus, synthetic file: same shape as Srgbhwwvb/anisotropy_in_LLMs/componentwise_anisotropy_analysis.py at eae028d130d51f250850acd2be67754c4be20197 (licence NOASSERTION); new code, no text copied.
import torch


def pairwise_cosine_stats(vectors, sample=2000):
    """mean and spread of the cosines between randomly sampled rows of `vectors`"""
    if vectors.shape[0] > sample:
        vectors = vectors[torch.randperm(vectors.shape[0])[:sample]]
    unit = vectors / vectors.norm(dim=1, keepdim=True).clamp_min(1e-8)
    cos = unit @ unit.T
    iu = torch.triu_indices(cos.shape[0], cos.shape[0], offset=1)
    vals = cos[iu[0], iu[1]]
    return {"cos_mean": vals.mean().item(), "cos_std": vals.std().item()}


def anisotropy_by_site(model, batch):
    """hook every sublayer and the LM head output; report how anisotropic each set of vectors is"""
    stats, hooks = {}, []

    def grab(name):
        def hook(_module, _inp, out):
            out = out[0] if isinstance(out, tuple) else out
            stats[name] = pairwise_cosine_stats(out.reshape(-1, out.shape[-1]).float())
        return hook

    for i, block in enumerate(model.model.layers):
        hooks.append(block.register_forward_hook(grab(f"block{i}")))
    hooks.append(model.model.norm.register_forward_hook(grab("final_norm")))
    hooks.append(model.lm_head.register_forward_hook(grab("logits")))
    with torch.no_grad():
        model(**batch)
    for h in hooks:
        h.remove()
    return stats
