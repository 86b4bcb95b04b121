# cosaudit corpus, synthetic file: same shape as vishaal27/SuS-X/tipx.py at d7d4d37881408884999fe276faacdd61b511067f (licence NOASSERTION); new code, no text copied.
"""Training-free few-shot CLIP: zero-shot logits + cache logits + KL-affinity logits."""
import torch


def class_distributions(temp, support_feats, query_feats, text_weights):
    # support_feats: (dim, n_support), query_feats: (n, dim), text_weights: (dim, n_classes)
    support_dist = (support_feats.T @ text_weights / temp).softmax(-1)
    query_dist = (query_feats @ text_weights / temp).softmax(-1)
    return support_dist, query_dist


def kl_affinity(support_dist, query_dist, chunk=256):
    out = torch.zeros(query_dist.shape[0], support_dist.shape[0])
    for start in range(0, query_dist.shape[0], chunk):
        q = query_dist[start:start + chunk, None, :]
        kl = (q * (q.log() - support_dist[None].log())).sum(-1)
        out[start:start + chunk] = kl
    return out


def rescale(values, like):
    lo, hi = values.min(), values.max()
    return (values - lo) / (hi - lo) * (like.max() - like.min()) + like.min()


def tipx_logits(query_feats, support_feats, support_onehot, text_weights, kl_sims, alpha, beta, gamma):
    clip_logits = 100.0 * query_feats @ text_weights
    affinity = query_feats @ support_feats
    cache_logits = (-beta * (1 - affinity)).exp() @ support_onehot
    neg = rescale(kl_sims.cuda(), affinity)
    kl_logits = (-neg).exp().half() @ support_onehot
    return clip_logits + gamma * kl_logits + alpha * cache_logits


def run(features_dir, dataset, backbone):
    text_weights = torch.load(f"{features_dir}/{dataset}_zeroshot_text_weights_{backbone}.pt")
    support = torch.load(f"{features_dir}/{dataset}_support_{backbone}.pt")
    query = torch.load(f"{features_dir}/{dataset}_test_{backbone}.pt")
    s_dist, q_dist = class_distributions(0.5, support["feats"], query["feats"], text_weights)
    kl = kl_affinity(s_dist, q_dist)
    logits = tipx_logits(query["feats"], support["feats"], support["onehot"], text_weights, kl, 1.0, 5.5, 0.1)
    return (logits.argmax(-1) == query["labels"]).float().mean().item()
