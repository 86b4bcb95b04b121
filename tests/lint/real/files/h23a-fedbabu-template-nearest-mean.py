# Synthetic rewrite of the shape of jhoon-oh/FedBABU:models/test.py at e34c15b4288224f0af1bc13670bc0cdc373c9576 (licence MIT); not the original text.
import torch
from torch.utils.data import DataLoader


def _collect(model, loader, device):
    feats, labels = [], []
    for x, y in loader:
        x = x.to(device)
        feats.append(model.extract_features(x).detach().cpu())
        labels.append(y)
    return torch.cat(feats), torch.cat(labels)


def nearest_template_accuracy(model, local_train, local_test, cfg):
    """Score a client's body without its head: each test sample goes to the
    closest per-class mean feature of the client's own training data."""
    model.eval()
    train_loader = DataLoader(local_train, batch_size=cfg.bs, shuffle=False)
    features, targets = _collect(model, train_loader, cfg.device)

    feat_dim = features.shape[1]
    template = torch.full((cfg.num_classes, feat_dim), -99.0)
    for c in range(cfg.num_classes):
        mask = targets == c
        if mask.any():
            template[c] = features[mask].mean(dim=0)

    test_loader = DataLoader(local_test, batch_size=cfg.bs, shuffle=False)
    features, targets = _collect(model, test_loader, cfg.device)

    predicted = torch.argmin(torch.cdist(features, template), dim=1)
    return int((predicted == targets).sum())
