# Synthetic rewrite of the shape of KarhouTam/FL-bench:src/client/flute.py at 06e658bca5af6ce732e25bb7c0f8be321e14a85e (licence GPL-3.0); not the original text.
import torch
import torch.nn.functional as F


def present_label_mask(targets, n_classes, device):
    m = torch.zeros(n_classes, 1, device=device)
    m[torch.unique(targets)] = 1.0
    return m


def local_round(model, loader, opt, n_classes, label_mask, lam_frame=1.0, lam_w=1e-3, lam_z=1e-3,
                epochs=5, feature_epochs=1):
    model.train()
    eye = torch.eye(n_classes)
    centring = eye - torch.full((n_classes, n_classes), 1.0 / n_classes)
    for ep in range(epochs):
        for xb, yb in loader:
            z = model.base(xb)
            logits = model.classifier(z)
            loss = F.cross_entropy(logits, yb)
            W = model.classifier.weight                      # n_classes x d
            gram = W @ W.t()
            # scaled Gram of the head pushed towards a simplex frame on the client's labels
            target = centring * (label_mask @ label_mask.t()) / (n_classes - 1) ** 0.5
            loss = loss + lam_frame * torch.norm(gram / torch.norm(gram) - target)
            loss = loss + lam_w * W.pow(2).sum()
            if ep >= epochs - feature_epochs:
                loss = loss + lam_z * z.pow(2).sum()
            opt.zero_grad()
            loss.backward()
            if ep < epochs - feature_epochs:
                model.base.zero_grad()
            opt.step()
