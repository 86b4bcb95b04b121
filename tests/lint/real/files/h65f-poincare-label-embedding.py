# Synthetic rewrite of the shape of xionghc/Hierarchical-classifications:train.py at 4949267fea6832eede544e620c149d4791c07595 (licence NOASSERTION); not the original text.
"""Train an image encoder to land on hyperbolic embeddings of a food taxonomy."""
import torch
import torch.nn as nn


def arcosh(x):
    return torch.log(x + torch.sqrt(x * x - 1))


def poincare_distance(u, v):
    gap = 2 * (u - v).norm(dim=-1) ** 2
    shrink = (1 - u.norm(dim=-1) ** 2) * (1 - v.norm(dim=-1) ** 2)
    return arcosh(1 + gap / shrink)


def distance_table(points, anchors):
    return torch.stack([poincare_distance(p.expand_as(anchors), anchors) for p in points])


def build_label_table(taxonomy_embedding):
    # rows were fitted beforehand on the class tree (leaves first, then inner nodes)
    table = nn.Embedding.from_pretrained(torch.as_tensor(taxonomy_embedding, dtype=torch.float))
    return table


def run_epoch(encoder, labels, loader, optimiser, n_leaves=172, device="cpu"):
    encoder.train()
    hits = total = 0
    for images, target in loader:
        images, target = images.to(device), target.to(device)
        points = encoder(images)
        loss = poincare_distance(points, labels(target)).mean()
        # predict the nearest leaf in hyperbolic distance
        nearest = distance_table(points, labels.weight[:n_leaves]).argmin(dim=1)
        hits += (nearest == target).sum().item()
        total += target.numel()
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
    return hits / max(total, 1)
