# Synthetic rewrite of the shape of TongXuanVu/ffscil:piplib/ffscil_xpip_engine1v.py at 22e7619c91655dce6301fdf85a77271861368f40 (licence NOASSERTION); not the original text.
import random

import numpy as np
import torch
import torch.nn.functional as F


def average_client_prototypes(client_protos, first, last):
    """Server side: mean over clients of each class's mean pre-logit feature."""
    merged = {}
    for c in range(first, last + 1):
        have = [p[c] for p in client_protos if c in p]
        if have:
            merged[c] = np.mean(have, axis=0)
    return merged


def few_shot_step(model, batch, target, task_id, global_protos, optimizer, criterion, device, scale=10.0):
    """Client side: classify the prompted ViT pre-logits by cosine to the federated class prototypes."""
    protos = {k: torch.tensor(np.asarray(v), dtype=batch.dtype, device=device) for k, v in global_protos.items()}
    keys = list(protos)
    table = []
    for c in range(int(target.max()) + 1):
        if c in protos:
            table.append(protos[c])
        else:  # class not seen by any client yet: midpoint of two random known prototypes
            a, b = random.sample(keys, 2) if len(keys) > 1 else keys * 2
            table.append(0.5 * (protos[a] + protos[b]))
    prototypes_tensor = torch.stack(table)
    pre_logits = model.forward_get_prelogits(batch, task_id=task_id, train=True)
    data_norm = F.normalize(pre_logits, p=2, dim=-1)
    proto_norm = F.normalize(prototypes_tensor, p=2, dim=-1)
    logits = torch.matmul(data_norm, proto_norm.t()) * scale
    loss = criterion(logits, target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss.item()
