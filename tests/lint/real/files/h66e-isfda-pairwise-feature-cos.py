# Synthetic rewrite of the shape of LeoXinhaoLee/Imbalanced-Source-free-Domain-Adaptation:object/image_target_multi_lb_2.py at c34e111324467c842b9f41c1ee7d8f150b71ee9b (licence MIT); not the original text.
import torch
import torch.nn as nn


def cluster_compactness_terms(feats, pseudo):
    """Mean half-cosine distance within and across pseudo-label groups of a target batch."""
    pair_cos = nn.CosineSimilarity(dim=1, eps=1e-6)
    same, diff = [], []
    for a in range(feats.size(0)):
        for b in range(a, feats.size(0)):
            gap = 0.5 * (1 - pair_cos(feats[a:a + 1], feats[b:b + 1]))   # feature vs feature
            (same if pseudo[a] == pseudo[b] else diff).append(gap)
    within = torch.cat(same).mean() if same else feats.new_zeros(())
    across = torch.cat(diff).mean() if diff else feats.new_zeros(())
    return within, across


def target_step(args, net_f, net_b, net_c, images, memory_labels, idx, optimiser):
    feats = net_b(net_f(images.cuda()))
    logits = net_c(feats)
    labels = memory_labels[idx]
    loss = args.cls_par * nn.CrossEntropyLoss()(logits, labels)
    if args.inter_sep or args.intra_dense:
        within, across = cluster_compactness_terms(feats, labels)
        if args.intra_dense:
            loss = loss + args.lamb_intra * within
        if args.inter_sep:
            loss = loss + args.lamb_inter * across
    optimiser.zero_grad()
    loss.backward()
    optimiser.step()
    return loss.item()
