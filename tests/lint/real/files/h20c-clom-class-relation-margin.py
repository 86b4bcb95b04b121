# Synthetic rewrite of the shape of Zoilsen/CLOM:models/base/helper.py at a3acdd5451b7f3325a2a25301e811507b6b6d7b0 (licence MIT); not the original text.
"""Base-session training with a class-relation-aware cosine margin (FSCIL)."""
import torch
import torch.nn.functional as F


def relation_table(model, cfg):
    if cfg.class_relation == "None":
        return None, None
    if cfg.class_relation == "feat":
        rows = model.fc.weight.detach()
    else:
        rows = model.fc_base.weight.detach()
    rows = F.normalize(rows[: cfg.base_class], dim=-1)
    class_relations = torch.mm(rows, rows.t())  # base x base
    n = class_relations.shape[0]
    mean_off = (class_relations.sum() - n) / (n * n - n)
    return class_relations, mean_off


def train_base_epoch(model, loader, opt, sched, cfg, is_base=False):
    model.train()
    rel, mean_off = relation_table(model, cfg)
    for images, labels in loader:
        images, labels = images.cuda(), labels.cuda().long()
        logits = model(images, is_base=is_base)[:, : cfg.base_class]
        if cfg.cosMargin != 0.0:
            onehot = F.one_hot(labels, cfg.base_class).float()
            if rel is None:
                logits = logits - onehot * cfg.cosMargin * cfg.temperature
            else:
                closeness = onehot @ rel
                lo, avg = cfg.cosMargin, cfg.average_cosMargin
                margin = avg + (lo - avg) / (1.0 - mean_off) * (closeness - mean_off)
                logits = logits + (1 - onehot) * margin * cfg.temperature
        loss = F.cross_entropy(logits, labels)
        if cfg.in_domain_feat_cls_weight != 0.0:
            feat = model.in_domain_forward(model.end_points["final_feature"])
            head = model.in_domain_fc.weight if not is_base else model.in_domain_fc_base.weight
            dom_logits = cfg.temperature * F.linear(F.normalize(feat, p=2, dim=-1), F.normalize(head, p=2, dim=-1))
            dom_loss = F.cross_entropy(dom_logits[:, : cfg.base_class], labels)
            loss = cfg.backbone_feat_cls_weight * loss + cfg.in_domain_feat_cls_weight * dom_loss
        opt.zero_grad()
        loss.backward()
        opt.step()
    sched.step()
