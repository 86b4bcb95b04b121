# expect: COS301
"""A linear head evaluated as a cosine classifier: unit features against unit rows, times a
temperature, are the logits the accuracy is computed from (a scaled-cosine forward pass), so the
model itself normalises its rows and the lens is reported as info.

Shape seen in public neural-collapse evaluation scripts; written for cosaudit's tests.
"""
import torch.nn.functional as F


def evaluate(model, loader, temperature):
    correct = 0
    for x, y in loader:
        features = F.normalize(model.backbone(x))
        weights = F.normalize(model.linear.weight)
        logits = (features @ weights.t()) * temperature  # expect: COS120
        correct += (logits.argmax(1) == y).sum().item()
    return correct
