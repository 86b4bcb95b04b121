# cosaudit corpus, synthetic file: same shape as quadrismegistus/malign-logits/scripts/decompose_circuit.py at fcb8fd75fe7802f09bd01a9b3f0ec7e0109bd9e7 (licence GPL-3.0-only); new code, no text copied.
import numpy as np
import torch
import torch.nn.functional as F


def embedding_geometry(model):
    if hasattr(model, "model") and hasattr(model.model, "embed_tokens"):
        emb = model.model.embed_tokens.weight.float().cpu()
    elif hasattr(model, "gpt_neox"):
        emb = model.gpt_neox.embed_in.weight.float().cpu()
    else:
        return {"tied": None, "embed_cos": np.nan, "head_cos": np.nan}
    head_w = model.lm_head.weight.float().cpu() if hasattr(model, "lm_head") else emb

    torch.manual_seed(0)
    ids = torch.randint(0, emb.shape[0], (2000,))
    cos_emb = F.cosine_similarity(emb[ids[:1000]], emb[ids[1000:]], dim=1)
    cos_head = F.cosine_similarity(head_w[ids[:1000]], head_w[ids[1000:]], dim=1)
    return {
        "tied": torch.equal(emb, head_w),
        "embed_cos": cos_emb.mean().item(),
        "head_cos": cos_head.mean().item(),
        "head_norm": head_w.norm(dim=1).mean().item(),
    }
