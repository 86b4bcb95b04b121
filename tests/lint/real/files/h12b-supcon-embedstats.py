# cosaudit corpus, synthetic file: same shape as tufts-ml/SupContrast/embed_stats.py at 0c9e6f05126dce1cbcf934cf6a581217434cf08e (licence BSD-2-Clause); new code, no text copied.
"""Statistics of learned embeddings: how tight each class is, and how classes sit next to each other."""
from pathlib import Path

import torch
from torch.nn.functional import cosine_similarity


def within_class_cosine(embeds, labels):
    """Mean pairwise cosine of the embeddings inside each class (diagonal excluded)."""
    out = []
    for c in torch.unique(labels):
        e = embeds[labels == c]
        pair = cosine_similarity(e.unsqueeze(1), e.unsqueeze(0), dim=-1)
        off = ~torch.eye(pair.shape[0], dtype=torch.bool)
        out.append(pair[off].mean())
    return torch.stack(out)


def class_cosine_table(embeds, labels):
    """Class-by-class table of the mean cosine between embeddings of the two classes."""
    classes = torch.unique(labels)
    k = len(classes)
    table = torch.zeros(k, k)
    pair = cosine_similarity(embeds.unsqueeze(1), embeds.unsqueeze(0), dim=-1)
    for a in range(k):
        for b in range(a, k):
            block = pair[labels == classes[a]][:, labels == classes[b]]
            if a == b:
                block = block[~torch.eye(block.shape[0], dtype=torch.bool)]
            table[a, b] = table[b, a] = block.mean()
    return table


if __name__ == "__main__":
    for run in [Path("save/linear/cifar10_run_a"), Path("save/linear/cifar100_run_b")]:
        embeds = torch.load(run / "embeds.pth")
        labels = torch.load(run / "labels.pth")
        print(run)
        print(class_cosine_table(embeds, labels))
