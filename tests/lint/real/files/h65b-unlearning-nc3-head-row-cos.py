# Synthetic rewrite of the shape of tiensinh2/CMF_Unlearning:evaluation/alignment.py at 83485e9904a8dfc408b7d0d91e75ef0aeea1cea3 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def locate_head(model):
    """Prefer the prototype buffer (unit class-mean rows) when the model has
    one; otherwise fall back to an ordinary linear classifier."""
    root = getattr(model, "module", model)
    for attr in ("proto_bank", "classifier", "fc", "head"):
        mod = getattr(root, attr, None)
        if mod is None:
            continue
        w = getattr(mod, "weight", None)
        if isinstance(w, torch.Tensor) and w.dim() == 2:
            return attr, mod
    raise RuntimeError("no 2-D head found")


def centred_unit_class_means(feats, labels, n_classes):
    means = torch.stack([feats[labels == c].mean(0) for c in range(n_classes)])
    return F.normalize(means - feats.mean(0, keepdim=True), dim=1)


@torch.no_grad()
def retain_group_report(model, feats, labels, forget):
    _, head = locate_head(model)
    W_all = head.weight.detach().cpu()
    keep = [c for c in range(W_all.shape[0]) if c not in set(forget)]
    H = centred_unit_class_means(feats, labels, W_all.shape[0])[keep]
    W = W_all[keep]

    align = (F.normalize(W, dim=1) * H).sum(1)          # w_c against its own centred mean
    print("per-class alignment:", align)

    row_cos = F.normalize(W, dim=1) @ F.normalize(W, dim=1).T
    print("retain rows, pairwise cosine:", row_cos)
    print("retain means, pairwise cosine:", H @ H.T)
    print("rank of W_r:", torch.linalg.matrix_rank(W).item())
    return align, row_cos
