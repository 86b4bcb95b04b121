# Synthetic rewrite of the shape of zh-hike/MyModel:loss/utils.py at 4fba52bcc42f98484ca1a4be3e22e1e4e12a8b9f (licence NOASSERTION); not the original text.
import torch


def rbf_affinity(h, sigma=1.0):
    """Pairwise Gaussian affinities between the rows of a batch of representations."""
    diff = h - h.unsqueeze(dim=1)
    dist = torch.sqrt((diff ** 2).sum(dim=2))
    return torch.exp(-dist / (2 * sigma ** 2))


def abs_cosine_affinity(h):
    """Absolute cosine between every pair of representation rows in the batch."""
    h = h / torch.sqrt((h ** 2).sum(dim=1) + 1e-5).unsqueeze(1)
    return (h @ h.T).abs()
