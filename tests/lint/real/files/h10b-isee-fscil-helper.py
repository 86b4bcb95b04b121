# cosaudit corpus, synthetic file: same shape as iSEE-Laboratory/Revisting_FSCIL/models/my_vit/helper.py at c25bfd9007ae29c287cc169777cb07f7ce878d5e (licence MIT); new code, no text copied.
"""Session helpers for the ViT few-shot class-incremental learner (cosine head)."""
import torch
import torch.nn.functional as F

from models.my_vit.RKD import get_distance_matrix

TEMP = 16.0


@torch.no_grad()
def set_prototypes(model, loader, n_base):
    feats, labels = [], []
    for x, y in loader:
        feats.append(model.module.encode(x.cuda()))
        labels.append(y.cuda())
    feats, labels = torch.cat(feats), torch.cat(labels)
    protos = torch.stack([feats[labels == c].mean(0) for c in range(n_base)])
    model.module.fc.weight.data[:n_base] = protos
    return model


def cosine_logits(feat, head_weight, n_seen):
    return torch.mm(F.normalize(feat, p=2, dim=-1),
                    F.normalize(head_weight, p=2, dim=-1).T)[:, :n_seen]


@torch.no_grad()
def evaluate(encoder, heads, loader, n_seen):
    hits = total = 0
    for x, y in loader:
        feat, _ = encoder(x.cuda(), return_all=True)
        pred = cosine_logits(feat, heads["final"].weight, n_seen).argmax(1)
        hits += (pred.cpu() == y).sum().item()
        total += y.numel()
    return hits / total


def rectification_loss(rectified, teacher_feat, head_weight, labels, n_seen):
    logits = TEMP * cosine_logits(rectified, head_weight, n_seen)
    same = labels[:, None] == labels[None, :]
    d_s = get_distance_matrix(rectified)
    d_t = get_distance_matrix(teacher_feat, no_grad=True)
    relation = F.smooth_l1_loss(d_s[~same], d_t[~same])
    return F.cross_entropy(logits, labels) + relation
