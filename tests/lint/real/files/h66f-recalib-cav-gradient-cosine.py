# Synthetic rewrite of the shape of ProtikNag/Recalibrate-Imbalanced:utils_imbalanced.py at a4d2c275c9beb81d4c25cab2d349c45ebd2f859e (licence NOASSERTION); not the original text.
"""Concept-activation vectors for an imbalanced classifier, plus the usual
confusion-matrix helpers."""
import numpy as np
import torch
import torch.nn.functional as F
from sklearn.linear_model import LogisticRegression, SGDClassifier
from sklearn.metrics import confusion_matrix
from sklearn.svm import LinearSVC


def fit_concept_vector(concept_acts, random_acts, kind="LinearSVC", seed=0):
    """Separate concept activations from random ones; keep the unit normal."""
    feats = np.concatenate([concept_acts, random_acts])
    tags = np.r_[np.ones(len(concept_acts)), np.zeros(len(random_acts))]
    makers = {
        "LinearSVC": lambda: LinearSVC(dual=False, max_iter=1500, random_state=seed),
        "SGDClassifier": lambda: SGDClassifier(loss="hinge", random_state=seed),
        "LogisticRegression": lambda: LogisticRegression(solver="liblinear", random_state=seed),
    }
    sep = makers[kind]()
    sep.fit(feats, tags)
    normal = sep.coef_.ravel()
    return normal / np.linalg.norm(normal)


def concept_sensitivity(model, layer, concept_vec, loader, class_idx, acts, device):
    """Fraction of inputs whose class-logit gradient points along the concept."""
    model.eval()
    concept = torch.as_tensor(concept_vec, dtype=torch.float32, device=device)
    positive = []
    for batch in loader:
        images = (batch[0] if isinstance(batch, (list, tuple)) else batch).to(device)
        images.requires_grad_(True)
        out = model(images)
        out = out[0] if isinstance(out, tuple) else out
        grad = torch.autograd.grad(out[:, class_idx].sum(), acts[layer])[0]
        unit_grad = F.normalize(grad.flatten(1), dim=1)
        positive.append((unit_grad @ concept) > 0)
    return torch.cat(positive).float().mean().item()


def confusion(model, loader, device):
    model.eval()
    guesses, truths = [], []
    with torch.no_grad():
        for images, labels in loader:
            out = model(images.to(device))
            out = out[0] if isinstance(out, tuple) else out
            guesses += out.argmax(1).cpu().tolist()
            truths += labels.tolist()
    return confusion_matrix(truths, guesses)


def most_confused_pairs(model, loader, names, device, top=5):
    cm = confusion(model, loader, device).astype(float)
    np.fill_diagonal(cm, 0)
    order = np.dstack(np.unravel_index(np.argsort(-cm, axis=None), cm.shape))[0]
    return [(names[i], names[j], int(cm[i, j])) for i, j in order[:top]]
