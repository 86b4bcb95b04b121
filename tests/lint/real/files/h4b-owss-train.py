# cosaudit corpus, synthetic file: same shape as AVarvarigos/Open-World-Semantic-Segmentation-Including-Class-Similarity/train.py at 6090adfac515ab533f4669aa212a04ff07a46021 (licence NOASSERTION); new code, no text copied.
import torch
from torch.optim.lr_scheduler import OneCycleLR


def open_set_scores(pred, class_means, class_stds):
    """Gaussian score of every pixel's class-score vector against each class's mean activation vector."""
    stds = torch.vstack(tuple(class_stds.values())).cpu()
    diff = pred[:, None, ...] - class_means[None, :, :, None, None]
    scaled = diff / (stds[None, :, :, None, None] + 1e-8)
    scores = torch.exp(-torch.einsum("bcfhw,bcfhw->bchw", scaled, diff) / 2)
    best = scores.max(dim=1)
    return 1 - best.values, best.indices


def make_scheduler(optimizer, steps, lr):
    return OneCycleLR(optimizer, max_lr=lr, total_steps=steps, anneal_strategy="cos")


def validate(model, loader, class_means, class_stds):
    model.eval()
    unknown = []
    with torch.no_grad():
        for image, _ in loader:
            pred = model(image.cuda())
            s, _ = open_set_scores(pred.cpu(), class_means, class_stds)
            unknown.append(s)
    return torch.cat(unknown)
