# cosaudit corpus, synthetic file: same shape as Jun-CEN/Unified-Open-Set-Recognition/UOSR_train/bit_pytorch/SIRC_bit.py at ed876ecaf6b80cbe2ba3b5be1dafbb2714d60aaf (licence NOASSERTION); new code, no text copied.
"""Evaluate a BiT classifier for unified open-set recognition: closed-set
accuracy plus ViM / SIRC uncertainty scores."""
import numpy as np
import torch
import torch.nn.functional as F

from sirc.sirc_utils import uncertainties, metric_stats


def vim_parameters(model, logits, feats):
    # the 1x1 conv classifier of BiT: weight [C, D, 1, 1], bias [C]
    W = model.state_dict()["module.classifier.weight"].detach().cpu()[..., 0, 0]
    b = model.state_dict()["module.classifier.bias"].detach().cpu()
    origin = -torch.linalg.pinv(W) @ b
    keep = 1000 if feats.shape[-1] > 1500 else 512
    if feats.shape[-1] <= 512:
        keep = feats.shape[-1] // 2
    params = {}
    for tag, x in (("", feats - origin), ("_norm", F.normalize(feats - origin, dim=-1))):
        vecs = torch.linalg.eigh(x.T @ x).eigenvectors.flip(-1)
        resid = vecs[:, keep:]
        vlogit = (x @ resid).norm(dim=-1)
        params["alpha" + tag] = (logits.max(-1).values.mean() / vlogit.mean()).item()
        params["R" + tag] = resid
    params["u"] = origin
    return params


@torch.no_grad()
def collect(model, loader, device):
    model.eval()
    outs, feats, labels = [], [], []
    for x, y in loader:
        logit, feat = model(x.to(device), return_features=True)
        outs.append(logit.cpu()); feats.append(feat.cpu()); labels.append(y)
    return torch.cat(outs), torch.cat(feats), torch.cat(labels)


def main(model, train_loader, test_loader, device):
    tr_logits, tr_feats, _ = collect(model, train_loader, device)
    params = vim_parameters(model, tr_logits, tr_feats)
    te_logits, te_feats, te_labels = collect(model, test_loader, device)
    stats = metric_stats(uncertainties(tr_logits, features=tr_feats, vim_params=params))
    scores = uncertainties(te_logits, features=te_feats, vim_params=params, stats=stats)
    acc = (te_logits.argmax(1) == te_labels).float().mean().item()
    print(f"closed-set acc {acc:.4f}")
    return scores
