# cosaudit corpus, synthetic file: same shape as TomerGalanti/NeuralCollapseDepth/analysis.py at e015c2b4a78081d74177190ab345088f1e0b1266 (licence NOASSERTION); new code, no text copied.
import torch


@torch.no_grad()
def class_distance_variability(embedders, loader, n_cls):
    """Class-distance normalised variance for the embedding after each layer."""
    sums = [[0] * n_cls for _ in embedders]
    sq = [[0] * n_cls for _ in embedders]
    counts = [[0] * n_cls for _ in embedders]
    for x, y in loader:
        for i, emb in enumerate(embedders):
            h = emb(x).flatten(1)
            for c in range(n_cls):
                h_c = h[y == c]
                sums[i][c] += h_c.sum(0)
                sq[i][c] += h_c.pow(2).sum()
                counts[i][c] += h_c.shape[0]
    scores = []
    for i in range(len(embedders)):
        means = [sums[i][c] / counts[i][c] for c in range(n_cls)]
        var = [sq[i][c] / counts[i][c] - means[c].pow(2).sum() for c in range(n_cls)]
        total, pairs = 0.0, 0
        for a in range(n_cls):
            for b in range(a + 1, n_cls):
                gap = torch.norm(means[a] - means[b]) ** 2
                total += (var[a] + var[b]).abs().item() / (2 * gap.item())
                pairs += 1
        scores.append(total / pairs)
    return scores
