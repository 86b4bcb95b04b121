# cosaudit corpus, synthetic file: same shape as Adityacrypto-del/REU/src/evaluate.py at 434031646702c5c212bc49ca1e17c6457604fd29 (licence NOASSERTION); new code, no text copied.
"""Early-exit evaluation: per-exit accuracy and an OOD score from each exit head."""
import numpy as np
import torch
import torch.nn.functional as F
from sklearn.metrics import roc_auc_score

from feature_extractor import exit_head_weights, collect_exit_features


def fpr_at_95(ind, ood):
    cut = np.sort(ind)[int(0.05 * len(ind))]
    return float(np.mean(ood >= cut))


@torch.no_grad()
def exit_ood_table(model, ind_loader, ood_loader, device):
    heads = exit_head_weights(model)                 # one nn.Linear weight (C x d) per exit
    f_ind, _ = collect_exit_features(model, ind_loader, device)
    f_ood, _ = collect_exit_features(model, ood_loader, device)
    table = []
    for depth, w in enumerate(heads, start=1):
        rows = F.normalize(w.to(device), dim=1)
        ind = (F.normalize(f_ind[depth - 1].to(device), dim=1) @ rows.T).max(dim=1).values
        ood = (F.normalize(f_ood[depth - 1].to(device), dim=1) @ rows.T).max(dim=1).values
        a, b = ind.cpu().numpy(), ood.cpu().numpy()
        truth = np.r_[np.ones_like(a), np.zeros_like(b)]
        table.append({
            "exit": depth,
            "mean_in": float(a.mean()), "mean_out": float(b.mean()),
            "auroc": float(roc_auc_score(truth, np.r_[a, b])),
            "fpr95": fpr_at_95(a, b),
        })
    return table


@torch.no_grad()
def exit_accuracy(model, loader, device):
    hits, total = np.zeros(4), 0
    for x, y in loader:
        outs = model(x.to(device))
        y = y.to(device)
        hits += np.array([(o.argmax(1) == y).sum().item() for o in outs])
        total += y.numel()
    return hits / total
