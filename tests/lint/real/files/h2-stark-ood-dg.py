# cosaudit corpus, synthetic file: same shape as stark0908/Neural_Collapse/OOD/ood_dg.py at f44ef29a93eecc1e8ba187e41080b061748930b2 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F


def etf_means_loss(feats, labels, num_classes):
    """Class means of the batch, unit length, should have pairwise cosine -1/(C-1)."""
    means = [F.normalize(feats[labels == c].mean(0), dim=0) for c in torch.unique(labels)]
    if len(means) < 2:
        return feats.new_zeros(())
    means = torch.stack(means)
    gram = means @ means.T
    target = torch.full_like(gram, -1.0 / (num_classes - 1))
    target.fill_diagonal_(1.0)
    return F.mse_loss(gram, target)
