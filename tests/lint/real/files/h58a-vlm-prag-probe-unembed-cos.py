# Synthetic rewrite of the shape of hanoi0126/vlm-analysis:src/probing/prag.py at c224e1572f8fc6a4475029bcec5788038e043ad7 (licence NOASSERTION); not the original text.
"""How well does a multiclass probe agree with the model's own output rows?

For each attribute we fit a softmax logistic regression on pooled hidden states,
then compare each class's probe row with the output-head row of the token that
names the class. A high score is read as "the probe direction is what the model
would say"; a low score as a gap between knowing and saying.
"""
import numpy as np
import torch
import torch.nn.functional as F
from sklearn.linear_model import LogisticRegression


def fit_probe_rows(features: np.ndarray, labels: np.ndarray, C: float = 1.0) -> np.ndarray:
    clf = LogisticRegression(C=C, max_iter=2000, random_state=0)
    clf.fit(features, labels)
    return clf.coef_  # one row per class


def readout_matrix(model) -> torch.Tensor:
    head = model.get_output_embeddings()
    if head is None and hasattr(model, "language_model"):
        head = model.language_model.get_output_embeddings()
    return head.weight.detach()


def class_rows(tokenizer, class_names, readout: torch.Tensor) -> torch.Tensor:
    picked = []
    for name in class_names:
        ids = tokenizer.encode(name, add_special_tokens=False) or [tokenizer.unk_token_id or 0]
        picked.append(readout[ids].mean(0) if len(ids) > 1 else readout[ids[0]])
    return torch.stack(picked)


def probe_self_overlap(rows: torch.Tensor) -> float:
    unit = F.normalize(rows, dim=1, eps=1e-8)
    gram = unit @ unit.T
    off = gram[~torch.eye(len(rows), dtype=torch.bool)]
    return off.mean().item()


def alignment_gap(probe_rows, head_rows) -> dict:
    p = torch.as_tensor(probe_rows).float()
    h = torch.as_tensor(head_rows).float().to(p.device)
    p_unit = F.normalize(p, dim=1, eps=1e-8)
    h_unit = F.normalize(h, dim=1, eps=1e-8)
    per_class = (p_unit * h_unit).sum(dim=1)
    scores = per_class.cpu().numpy()
    return {
        "per_class": scores.tolist(),
        "mean": float(scores.mean()),
        "spread": float(scores.std()),
    }


def run_attribute(model, tokenizer, features, labels, class_names):
    rows = fit_probe_rows(features, labels)
    heads = class_rows(tokenizer, class_names, readout_matrix(model))
    report = alignment_gap(rows, heads)
    report["probe_overlap"] = probe_self_overlap(torch.as_tensor(rows).float())
    return report
