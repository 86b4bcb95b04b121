# Synthetic rewrite of the shape of SHI-Labs/Semi-Supervised-Transfer-Learning:code/ssl_lib/trainer/imprint.py at f206750824ffe10f88a2b418b2b671da61b999f6 (licence MIT); not the original text.
import torch


@torch.no_grad()
def imprint_classifier(model, labelled_loader, n_classes, budget, device):
    """Initialise the head with the unit-length mean embedding of each class."""
    model.eval()
    feats, labels = [], []
    count = 0
    for x, y in labelled_loader:
        pyramid = model(x.to(device), return_fmap=True)
        emb = pyramid[-2]
        feats.append(emb)
        labels.append(y.to(device))
        count += emb.shape[0]
        if budget > 0 and count >= budget:
            break
    feats = torch.cat(feats)[:budget] if budget > 0 else torch.cat(feats)
    labels = torch.cat(labels)[: feats.shape[0]]

    rows = torch.zeros(n_classes, feats.shape[1], device=device)
    for c in range(n_classes):
        centre = feats[labels == c].mean(dim=0)
        rows[c] = centre / centre.norm(p=2)

    head = model.fc if hasattr(model, "fc") else model.classifier
    head.weight.data = rows
    model.train()
    return model
