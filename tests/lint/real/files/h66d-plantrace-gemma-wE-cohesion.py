# Synthetic rewrite of the shape of ambitious-mechinterp/plan_trace:notebooks/monoseman_filter.py at fa88f53d982753f61e9006a72855049fb5edcbc4 (licence MIT); not the original text.
"""Keep only SAE latents whose logit-lens tokens hang together.

For each latent of one layer: project its decoder direction through the
unembedding, take the strongest tokens, and score how tightly the *input
embeddings* of those tokens cluster on the unit sphere.
"""
import torch
import torch.nn.functional as F

TOP_K = 15
MODE = "spherical"      # "spherical" | "pairwise" | "centroid"
COUNT_BONUS = 0.03
KEEP_ABOVE = 0.5


def latent_token_scores(model, sae, latent_ids, wanted_token_ids):
    unembed = model.W_U.float()                     # [d_model, vocab]
    decoder_rows = sae.W_dec[latent_ids].float()    # [n, d_model]
    lens_logits = decoder_rows @ unembed            # logit lens of each latent
    _, best = torch.topk(lens_logits, TOP_K, dim=1)

    # Gemma-2 token table (rotary positions); gather the chosen tokens' input vectors
    vecs = model.W_E.float()[best]                  # [n, K, d_model]
    if MODE == "spherical":
        unit = F.normalize(vecs, dim=-1)
        tightness = unit.sum(dim=1).norm(dim=-1) / TOP_K
    elif MODE == "pairwise":
        unit = F.normalize(vecs, dim=-1)
        gram = torch.bmm(unit, unit.transpose(1, 2))
        tightness = (gram.sum(dim=(1, 2)) - TOP_K) / (TOP_K * (TOP_K - 1))
    else:
        middle = vecs.mean(dim=1, keepdim=True)
        tightness = F.cosine_similarity(vecs, middle, dim=-1).mean(dim=1)

    hits = (best.unsqueeze(-1) == wanted_token_ids.view(1, 1, -1)).any(-1)
    score = tightness + COUNT_BONUS * hits.sum(dim=1).float()
    return score, best


def filter_latents(model, sae, latent_ids, wanted_token_ids):
    with torch.no_grad():
        score, best = latent_token_scores(model, sae, latent_ids, wanted_token_ids)
    kept = []
    for i, lat in enumerate(latent_ids):
        if score[i].item() >= KEEP_ABOVE:
            kept.append((lat, [model.to_string([t]) for t in best[i].tolist()]))
    return kept
