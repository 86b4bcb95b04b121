# Synthetic rewrite of the shape of OatmealLiu/class-iNCD:incd_2step_cifar100.py at 27c0b99e4387db061736a31e88515df667b0feb9 (licence NOASSERTION); not the original text.
"""First discovery step: unlabeled batches only, with the joint head kept at unit-norm rows."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import SGD, lr_scheduler


def discover_step(model, old_model, loader, cfg, device, pair_enum, bce, rampup):
    opt = SGD(model.parameters(), lr=cfg.lr, momentum=cfg.momentum, weight_decay=cfg.weight_decay)
    sched = lr_scheduler.StepLR(opt, step_size=cfg.step_size, gamma=cfg.gamma)
    ce = nn.CrossEntropyLoss()
    for epoch in range(cfg.epochs):
        model.train()
        sched.step()
        ramp = cfg.rampup_coefficient * rampup(epoch, cfg.rampup_length)
        for (x, x_aug), y, _ in loader:
            x, x_aug, y = x.to(device), x_aug.to(device), y.to(device)
            keep = y >= cfg.num_labeled_classes
            x, x_aug = x[keep], x_aug[keep]
            if cfg.l2_classifier:
                model.l2_classifier = True  # features are normalised before head1 as well
                with torch.no_grad():
                    w_head = model.head1.weight.data.clone()
                    w_head = F.normalize(w_head, dim=1, p=2)
                    model.head1.weight.copy_(w_head)
            else:
                model.l2_classifier = False
            logits_joint, logits_new, feat = model(x)
            _, logits_new_aug, _ = model(x_aug)
            p_new, p_new_aug = F.softmax(logits_new, 1), F.softmax(logits_new_aug, 1)
            ranks = torch.argsort(feat.detach(), dim=1, descending=True)[:, : cfg.topk]
            r1, r2 = pair_enum(ranks)
            same = (torch.sort(r1, 1)[0] == torch.sort(r2, 1)[0]).all(1).float() * 2 - 1
            a, _ = pair_enum(p_new)
            _, b = pair_enum(p_new_aug)
            pseudo = logits_new.detach().argmax(1) + cfg.num_labeled_classes
            loss = bce(a, b, same) + ramp * ce(logits_joint, pseudo) / cfg.rampup_coefficient
            loss = loss + ramp * F.mse_loss(p_new, p_new_aug)
            if cfg.w_kd > 0:
                _, _, old_feat = old_model(x)
                loss = loss + cfg.w_kd * torch.dist(F.normalize(old_feat.flatten(), dim=0), F.normalize(feat.flatten(), dim=0))
            opt.zero_grad()
            loss.backward()
            opt.step()
