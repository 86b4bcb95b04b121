# Synthetic rewrite of the shape of SCLBD/BackdoorBench:defense/d-st.py at f02e3534645f0ee63d6848653062cd6c0d6c400d (licence CC-BY-NC-4.0); not the original text.
"""Fine-tuning stage of a backdoor defence: spread the per-class centres of the
penultimate features apart so that poisoned samples become easier to separate.

The linear classifier has been removed from the network before this stage; the loss
only looks at batch class means of the remaining feature extractor.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


def strip_head(net):
    if hasattr(net, "fc"):
        width = net.fc.in_features
        net.fc = nn.Identity()
    else:
        width = net.linear.in_features
        net.linear = nn.Identity()
    return net, width


def centre_spread_epoch(cfg, loader, extractor, opt, sched=None):
    extractor.train()
    running = 0.0
    for step, (x, y, *_rest) in enumerate(loader):
        x, y = x.to(cfg.device), y.to(cfg.device)
        emb = extractor(x).flatten(1)

        means = []
        for c in range(cfg.num_classes):
            members = (y == c).nonzero(as_tuple=True)[0]
            if members.numel() == 0:
                continue
            means.append(emb[members].mean(dim=0))
        means = F.normalize(torch.stack(means), dim=1)

        pair_cos = means @ means.t()
        pair_cos = pair_cos.masked_fill(torch.eye(len(means), dtype=torch.bool, device=cfg.device), 0.0)
        loss = pair_cos.mean()

        opt.zero_grad()
        loss.backward()
        opt.step()
        running += loss.item()
    if sched is not None:
        sched.step()
    return running / (step + 1)
