# Synthetic rewrite of the shape of fiveai/making-better-mistakes:better_mistakes/model/labels.py at f0bb7d0a7c4a9c7c9517045a4be4446e9baf824f (licence CC-BY-NC-SA-4.0); not the original text.
import torch


def soft_targets_from_tree(tree_dist, labels, beta):
    """Column c is a distribution over labels that decays with hierarchy distance to c."""
    d = torch.Tensor([[tree_dist[a, b] for a in labels] for b in labels])
    d = d / d.max()
    return torch.exp(-beta * d) / torch.sum(torch.exp(-beta * d), dim=0)


def batch_soft_targets(table, target, n_labels, batch, gpu):
    out = torch.zeros((batch, n_labels), dtype=torch.float32).cuda(gpu)
    for i in range(batch):
        out[i, :] = table[:, target[i]]
    return out
