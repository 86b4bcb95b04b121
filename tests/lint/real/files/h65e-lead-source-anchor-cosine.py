# Synthetic rewrite of the shape of ispc-lab/LEAD:train_target.py at 0a4502034d75df35e3865edfb8e93fd4c5506a55 (licence MIT); not the original text.
import torch


@torch.no_grad()
def collect_bank(model, loader, device="cpu"):
    model.eval()
    feats, probs = [], []
    for _, images, _, _ in loader:
        z, p = model(images.to(device), apply_softmax=True)
        feats.append(z)
        probs.append(p)
    feats = torch.cat(feats)
    feats = feats / feats.norm(p=2, dim=1, keepdim=True)      # unit-length target features
    return feats, torch.cat(probs)


@torch.no_grad()
def decomposition_pseudo_labels(model, loader, n_classes, top_fraction=0.1, device="cpu"):
    feats, probs = collect_bank(model, loader, device)

    # split feature space with the SVD of the source head rows
    head_rows = model.class_layer.fc.weight.data                 # (C, D), weight-normalised softmax head
    u, _, _ = torch.linalg.svd(head_rows.t())
    known_basis = u[:, :n_classes].t()
    unknown_basis = u[:, n_classes:].t()
    unknown_norm = (feats @ unknown_basis.t()).norm(dim=1)

    # target prototypes from the most confident samples of each class
    k = max(1, int(top_fraction * feats.size(0)))
    top_idx = probs.topk(k, dim=0).indices.t()                   # (C, k)
    target_protos = feats[top_idx].mean(dim=1)
    target_protos = target_protos / target_protos.norm(dim=1, keepdim=True)

    # source anchors: every classifier row scaled to unit length
    source_anchors = head_rows / head_rows.norm(p=2, dim=-1, keepdim=True)

    sim_target = (feats @ target_protos.t()).clamp(min=0.0)
    sim_source = torch.einsum("nd,cd->nc", feats, source_anchors).clamp(min=0.0)

    common = torch.sqrt((1.0 - torch.exp(-sim_target)) * torch.exp(sim_source - 1.0))
    labels = common.argmax(dim=1)
    threshold = unknown_norm.median()
    labels[unknown_norm > threshold] = n_classes                 # route to the 'unknown' bucket
    return labels, common, known_basis
