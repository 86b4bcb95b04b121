# Synthetic rewrite of the shape of DingjieFu/Open-Set-Recognition:Proser/proser.py at 29a7a817757b9ebc4a92420925ac09b28909bc5e (licence MIT); not the original text.
import numpy as np
import torch
import torch.nn as nn
from sklearn.metrics import roc_auc_score


def attach_placeholder_head(net, n_placeholders, width=2048):
    """PROSER: a second linear head whose outputs stand for 'unknown'."""
    net.extra_head = nn.Linear(width, n_placeholders)
    return net


@torch.no_grad()
def gather_logits(net, loader, placeholder_logits, device):
    rows = []
    for x, _ in loader:
        x = x.to(device)
        known = net(x)
        extra = placeholder_logits(net, x).max(1, keepdim=True).values
        rows.append(torch.cat([known, extra], 1))
    return torch.cat(rows)


def unknown_score(all_logits, shift=0.0, temperature=1024.0):
    z = all_logits.clone()
    z[:, -1] += shift
    p = nn.functional.softmax(z / temperature, dim=1)
    # probability of the placeholder class minus the best known-class probability
    return (p[:, -1] - p[:, :-1].max(1).values).cpu().numpy()


def open_set_auroc(close_logits, open_logits):
    s_close = unknown_score(close_logits)
    s_open = unknown_score(open_logits)
    y = np.concatenate([np.ones_like(s_close), np.zeros_like(s_open)])
    return roc_auc_score(y, np.concatenate([s_close, s_open]))
