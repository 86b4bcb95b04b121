# Synthetic rewrite of the shape of lxcnju/FedRepo:algorithms/fedrs.py at 617ee015046409d95dbd76ba39eebb92d313ab94 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn


def local_round(model, loader, label_counts, alpha, optimizer, steps, device="cpu"):
    """Client update with a restricted softmax: the logits of classes the client has
    never seen are damped by scaling their classifier rows' scores by alpha."""
    presence = (label_counts > 0).float().to(device)
    scale = presence / presence.max()
    scale = scale * (1.0 - alpha) + alpha
    scale = scale.reshape(1, -1)
    ce = nn.CrossEntropyLoss()
    batches = iter(loader)
    for _ in range(steps):
        try:
            x, y = next(batches)
        except StopIteration:
            batches = iter(loader)
            x, y = next(batches)
        x, y = x.to(device), y.to(device)
        feats, _ = model(x)
        ws = model.classifier.weight
        logits = scale * feats.mm(ws.transpose(0, 1))
        loss = ce(logits, y)
        optimizer.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 10.0)
        optimizer.step()
    return model
