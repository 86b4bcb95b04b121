# cosaudit corpus, synthetic file: same shape as ajyl/dpo_toxic/toxicity/figures/fig_utils.py at 34319c9bad0d22608e30460807a54869e84f474f (licence MIT); new code, no text copied.
import torch
import torch.nn.functional as F


def closest_value_vectors(model, probe_dir, keep):
    """MLP value vectors (rows of W_out) that point most along a linear toxicity probe."""
    hits = []
    for layer in range(model.cfg.n_layers):
        values = model.blocks[layer].mlp.W_out            # (d_mlp, d_model)
        sims = F.cosine_similarity(values, probe_dir[None, :], dim=1)
        top = sims.topk(k=200)
        hits += [(s.item(), i.item(), layer) for s, i in zip(top.values, top.indices)]
    hits.sort(reverse=True)
    chosen = [model.blocks[l].mlp.W_out[i] for _, i, l in hits[:keep]]
    stacked = torch.stack([v / v.norm() for v in chosen])
    return torch.linalg.svd(stacked.T), hits
