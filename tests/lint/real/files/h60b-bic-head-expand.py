# Synthetic rewrite of the shape of MBreverse/Incremental-Learning:Cifar100_10by10_task/BiC@10-10-Cifar100/SupportFunction.py at 60ccc1042967e517dfb966c4ca9a4d86ed148eac (licence NOASSERTION); not the original text.
import torch
from torch import nn


def grow_output_layer(layer, n_seen, n_total, is_input_side=False):
    """Widen a softmax layer for a new incremental task, keeping the learnt rows."""
    keys = list(layer.state_dict().keys())
    old_w = layer.state_dict()[keys[-2]]
    old_b = layer.state_dict()[keys[-1]]

    if not is_input_side:
        width = layer.weight.shape[1]
        grown = nn.Linear(width, n_total)
        grown.weight.data[:n_seen] = old_w
        grown.bias.data[:n_seen] = old_b
    else:
        height = layer.weight.shape[0]
        grown = nn.Linear(n_total, height)
        grown.weight.data[:, :n_seen] = old_w
        grown.bias.data[:] = old_b
    return grown


def widen_classifier(net, n_seen, n_total, feat_dim=1024):
    keys = list(net.fc2.state_dict().keys())
    prev_rows = net.fc2.state_dict()[keys[-2]]
    prev_bias = net.fc2.state_dict()[keys[-1]]

    fresh = nn.Linear(feat_dim, n_total)
    with torch.no_grad():
        fresh.weight.data[:n_seen] = prev_rows
        fresh.bias.data[:n_seen] = prev_bias
    net.fc2 = fresh
    print("classifier widened to", n_total, "classes")
    return net
