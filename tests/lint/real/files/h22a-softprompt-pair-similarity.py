# Synthetic rewrite of the shape of FSadrieh/token-splitting-effect:src/similarity_calculation.py at c641057ee5961940d02fd47eaa278946abfc70f3 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


def prompt_similarity(a: torch.Tensor, b: torch.Tensor, metric: str, average_first: bool, all_pairs: bool = False) -> float:
    """Compare two trained soft prompts (n_virtual_tokens x width).

    average_first: collapse each prompt to its mean vector, then compare once.
    all_pairs=False: compare token i of one prompt with token i of the other and average.
    all_pairs=True: compare every token of one prompt with every token of the other and average.
    Follows the prompt-transfer comparison of SPoT; metric is "cosine" or "euclidean".
    """
    n = a.shape[0]
    if average_first:
        a, b = a.mean(0), b.mean(0)

    if metric == "cosine":
        if average_first or not all_pairs:
            s = F.cosine_similarity(a, b, dim=-1)
            return s.mean().item()
        grid = torch.zeros(n, n)
        for i in range(n):
            for j in range(n):
                grid[i, j] = F.cosine_similarity(a[i], b[j], dim=-1)
        return grid.mean().item()

    if average_first or not all_pairs:
        return F.pairwise_distance(a, b, p=2).mean().item()
    grid = torch.cdist(a, b, p=2)
    return grid.mean().item()
