# Synthetic rewrite of the shape of BmLMz/Few-Shot_Imprinted-Weights:utils/utils_resnet18.py at 0b12f765177e6b8c1638606506676dea922b26e7 (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn


@torch.no_grad()
def add_imprinted_class(model, novel_loader, n_known, emb_dim, device, use_random=False):
    """Append one output row for a new class, set to the unit-length mean embedding of its few shots."""
    model.eval()
    feats, labels = [], []
    for images, targets in novel_loader:
        feats.append(model.extract(images.to(device)))
        labels.append(targets.float().to(device))
    feats = torch.cat(feats)
    labels = torch.cat(labels)

    if use_random:
        proto = torch.randn(emb_dim, device=device)
    elif len(labels) == 1:
        proto = feats[0]
    else:
        proto = feats[labels == n_known].mean(0)
    new_row = (proto / proto.norm(p=2)).unsqueeze(0)

    rows = torch.cat([model.classifier.fc.weight.data, new_row])
    model.classifier.fc = nn.Linear(emb_dim, n_known + 1, bias=False)
    model.classifier.fc.weight.data = rows
    return model


def renormalise_rows(model):
    w = model.classifier.fc.weight.data
    model.classifier.fc.weight.data = w / w.norm(p=2, dim=1, keepdim=True)
