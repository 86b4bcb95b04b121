# Synthetic rewrite of the shape of jinxinzhou/nc_loss:evaluate.py at 2a194852b0e3da7a474f3450c2196827adf9dcaf (licence MIT); not the original text.
import numpy as np
import torch


def pick_head(net, device):
    weight, bias = None, None
    for pname, prm in net.named_parameters():
        if "fc.weight" in pname:
            weight = prm
        if "fc.bias" in pname:
            bias = prm
    if bias is None:
        bias = torch.zeros((weight.shape[0],), device=device)
    return weight, bias


def etf_gap(W, device):
    """Distance of the head's (class-centred) Gram matrix from a simplex ETF."""
    K = W.shape[0]
    W = W - torch.mean(W, dim=0, keepdim=True)
    gram = W @ W.T
    gram = gram / torch.norm(gram, p="fro")
    target = (torch.eye(K) - torch.ones((K, K)) / K).to(device) / (K - 1) ** 0.5
    return torch.norm(gram - target, p="fro").item()


def cosine_margins(feats_by_cls, logits_by_cls, W, b, mu_G):
    W = W - torch.mean(W, dim=0, keepdim=True)
    col_len = torch.norm(W.T, dim=0, keepdim=True)
    margins = []
    for cls, logits in logits_by_cls.items():
        feats = feats_by_cls[cls]
        scaled = (logits - b.unsqueeze(0)) / (torch.norm(feats - mu_G.unsqueeze(0), dim=1, keepdim=True) * col_len)
        rivals = scaled.clone()
        rivals[:, cls] = -np.inf
        margins.append((scaled[:, cls] - rivals.max(dim=1).values).cpu().numpy())
    return np.sort(np.concatenate(margins))


def evaluate_checkpoint(net, device, log):
    W, b = pick_head(net, device)
    log["ETF_metric"].append(etf_gap(W, device))
    return W, b
