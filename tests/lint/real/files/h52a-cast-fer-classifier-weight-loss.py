# Synthetic rewrite of the shape of tiantongtong1-oss/CAST:train.py at 023800c4d7018bca6132a0325330741a90c30ab6 (licence NOASSERTION); not the original text.
"""Source stage of a RAF-DB -> FER2013 adaptation run: cross-entropy on the
7-way expression head plus a penalty that spreads the head's class rows apart."""
import torch
import torch.nn.functional as F

import Networks


def head_spread_penalty(model):
    rows = F.normalize(model.fc.weight, dim=1)
    eye = torch.eye(rows.shape[0], device=rows.device, dtype=rows.dtype)
    pair_cos = rows.mm(rows.t())
    # map off-diagonal cosines from [-1, 1] to [0, 1] and average them
    return ((pair_cos - eye + 1.0) / 2.0).mean()


def class_balance(counts, device):
    c = torch.as_tensor(counts, dtype=torch.float32, device=device)
    w = torch.sqrt(c.mean() / c.clamp_min(1.0)).clamp(0.75, 1.5)
    return w / w.mean()


def source_stage(loader, label_counts, epochs=30, lr=1e-3, w_cls=4.0, w_aff=0.3, w_spread=0.1):
    net = Networks.Model(backbone="resnet50", num_classes=7).cuda()
    ce = torch.nn.CrossEntropyLoss(weight=class_balance(label_counts, "cuda"))
    opt = torch.optim.Adam(net.parameters(), lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.95)
    for ep in range(epochs):
        net.train()
        for x, y in loader:
            x, y = x.cuda(), y.long().cuda()
            logits, affinity = net(x, y, None, "train", "source", compute_affinity=w_aff > 0)
            loss = w_cls * ce(logits, y) + w_aff * affinity + w_spread * head_spread_penalty(net)
            opt.zero_grad()
            loss.backward()
            opt.step()
        sched.step()
        print("source epoch", ep, "spread", float(head_spread_penalty(net)))
    return net
