# Synthetic rewrite of the shape of microsoft/Semi-supervised-learning:semilearn/imb_algorithms/cossl/utils.py at 1ef4cbebcc0b368158315aeb425053858cf6c845 (licence MIT); not the original text.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader


@torch.no_grad()
def imprint_head_from_means(cfg, net, labelled, n_classes, device):
    """Replace the linear head by unit-length class-mean features (weight imprinting)."""
    net = net.to(device).eval()
    loader = DataLoader(labelled, batch_size=100, shuffle=False, drop_last=False)
    feats, ys = [], []
    for batch in loader:
        out = net(batch["x_lb"].to(device))["feat"]
        feats.append(out.flatten(1))
        ys.append(batch["y_lb"].to(device))
    feats, ys = torch.cat(feats), torch.cat(ys)

    width = net.module.backbone.num_features
    rows = torch.zeros(n_classes, width, device=device)
    for c in range(n_classes):
        centre = feats[ys == c].mean(0)
        rows[c] = centre / centre.norm(p=2)        # unit class mean becomes the row
    net.module.classifier = nn.Linear(width, n_classes, bias=False).to(device)
    net.module.classifier.weight.data = rows
    return net


def balanced_sampler_weights(target_rate, per_class_counts, targets):
    per_sample = target_rate / per_class_counts
    return torch.as_tensor([per_sample[t] for t in targets], dtype=torch.double)
