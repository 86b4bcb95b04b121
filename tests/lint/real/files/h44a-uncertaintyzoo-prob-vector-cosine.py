# Synthetic rewrite of the shape of Paddingbuta/UncertaintyZoo:uncertainty/cosine_similarity_embeddings.py at 90d9ceebae6745d9a43d05486b13068131b61244 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


def spread_from_centroid(probs: torch.Tensor) -> torch.Tensor:
    """Uncertainty = 1 - cosine between each predicted distribution and the batch's mean direction."""
    if probs.dim() != 2:
        raise ValueError("want (batch, classes)")
    normed = F.normalize(probs, p=2, dim=1)
    mean_embedding = F.normalize(normed.mean(dim=0, keepdim=True), p=2, dim=1)
    similarity = torch.sum(normed * mean_embedding, dim=1)
    return 1 - similarity


if __name__ == "__main__":
    p = torch.softmax(torch.randn(8, 10), dim=-1)
    print(spread_from_centroid(p))
