# cosaudit corpus, synthetic file: same shape as Fsoft-AIC/Neural-Collapse-in-Deep-Linear-Networks/validate_NC.py at 1869cb1f4d8ebd4716ecaed0a772b0eb0c7a42b4 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn


def nc2_etf_of_weights(W):
    K = W.shape[0]
    G = W @ W.T
    G = G / torch.norm(G, p="fro")
    target = (torch.eye(K, device=W.device) - torch.ones(K, K, device=W.device) / K) / (K - 1) ** 0.5
    return torch.norm(G - target, p="fro").item()


def collapse_of_heads(model):
    """Products of the linear layers from the top down; the last one maps inputs straight to classes."""
    products = []
    current = model.fc[-1].weight.detach().clone()
    products.append(current)
    for idx in reversed(range(len(model.fc) - 1)):
        layer = model.fc[idx]
        if isinstance(layer, nn.Linear):
            current = current @ layer.weight.detach()
            products.append(current)
    return {"nc2_etf_W": nc2_etf_of_weights(products[-1]), "n_products": len(products)}
