# cosaudit corpus, synthetic file: same shape as eRGiBi/QuantizedNeuralCollapse/collapse_analysis/scratch_metrics.py at a3d12f2b21e3c280802fc04e94ac246545e1aa29 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F


def classifier_mean_alignment(W, class_means, global_mean):
    """NC3: cosine between each classifier row and its own centred class mean."""
    M = (class_means - global_mean).T                  # [d, C]
    W_normalized = F.normalize(W.T, p=2, dim=0)         # [d, C]
    M_normalized = F.normalize(M, p=2, dim=0)
    per_class = (W_normalized * M_normalized).sum(dim=0)
    avg_cos_similarity = per_class.mean().item()
    print(f"Average cosine similarity between classifier weights and class means: {avg_cos_similarity:.4f}")
    return per_class
