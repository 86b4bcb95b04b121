# Synthetic rewrite of the shape of altayunal/neural-collapse-regression:run_measurements.py at 95df2611c6eb6139d9567e996adf0eafa5a46482 (licence NOASSERTION); not the original text.
"""Regression-collapse probes: feature/weight subspace alignment for a
multi-output regression network (MSE loss, no softmax anywhere)."""
import torch
import torch.nn as nn
import torchvision


def make_regressor(n_targets, plain_head=True):
    net = torchvision.models.resnet18()
    if plain_head:
        net.fc = nn.Linear(net.fc.in_features, n_targets)
    else:
        net.fc = nn.Sequential(nn.Linear(net.fc.in_features, 256), nn.ReLU(),
                               nn.Linear(256, n_targets))
    return net


def grab_inputs(net, layer, loader):
    store = []
    handle = net.get_submodule(layer).register_forward_hook(
        lambda mod, inp, out: store.append(inp[0].detach()))
    targets = []
    with torch.no_grad():
        for xb, yb in loader:
            net(xb)
            targets.append(yb)
    handle.remove()
    return torch.cat(store), torch.cat(targets)


def alignment_scores(net, layer, loader, n_targets):
    feats, targets = grab_inputs(net, layer, loader)
    n = feats.shape[0]
    centred = feats - feats.mean(0)
    cov = centred.T @ centred / n
    _, _, feat_dirs = torch.linalg.svd(cov, full_matrices=False)

    head_w = net.get_submodule(layer).weight.detach().clone()
    _, sing, weight_dirs = torch.linalg.svd(head_w, full_matrices=False)
    overlap = torch.linalg.svdvals(feat_dirs[:n_targets] @ weight_dirs[:n_targets].T).mean()
    stable_rank = (sing.norm() ** 2 / sing[0] ** 2).item()

    y_c = targets - targets.mean(0)
    fit = torch.linalg.pinv(feats, rtol=1e-3) @ y_c
    residual = nn.functional.mse_loss(feats @ fit, y_c).item()
    return {"overlap": overlap.item(), "stable_rank_w": stable_rank, "residual": residual}
