# cosaudit corpus, synthetic file: same shape as tsiggi/PyCIL/utils/neural_collapse.py at 44e041e9e1beb6572e394fc759fb953bcff2e20e (licence NOASSERTION); new code, no text copied.
import torch


def etf_gap(W):
    """distance of the normalised Gram of the classifier rows from a simplex ETF"""
    K = W.shape[0]
    gram = W @ W.T
    gram = gram / torch.norm(gram, p="fro")
    target = (torch.eye(K) - torch.ones(K, K) / K).to(W.device) / (K - 1) ** 0.5
    return torch.norm(gram - target, p="fro").item()


def duality_gap(W, class_means, global_mean):
    H = torch.stack([class_means[c] - global_mean for c in range(len(class_means))], dim=1)
    WH = W @ H
    WH = WH / torch.norm(WH, p="fro")
    K = WH.shape[0]
    target = (torch.eye(K) - torch.ones(K, K) / K).to(W.device) / (K - 1) ** 0.5
    return torch.norm(WH - target, p="fro").item()


def evaluate_checkpoint(model, stats):
    W = next(p for n, p in model.named_parameters() if n.endswith("fc.weight"))
    return {"etf": etf_gap(W), "duality": duality_gap(W, stats["means"], stats["global_mean"])}
