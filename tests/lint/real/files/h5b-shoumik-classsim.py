# cosaudit corpus, synthetic file: same shape as Shoumik-Gandre/Zero-shot_Knowledge_Distillation_Pytorch/zskd/class_sim_matrix.py at 428333a6e9ead7749112edccf093108ff760974b (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F


def compute_class_similarity_matrix(weights: torch.Tensor) -> torch.Tensor:
    unit = F.normalize(weights, p=2, dim=1)
    gram = unit @ unit.T
    lo = gram.min(dim=1).values
    hi = gram.max(dim=1).values
    return (gram - lo) / (hi - lo)
