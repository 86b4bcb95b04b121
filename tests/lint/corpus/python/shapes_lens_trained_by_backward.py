# expect: COS301
"""Written for cosaudit's tests: a test-time adaptation loop whose loss is made from how well each
feature matches the classifier (the best match against the total), and trained by
`loss.backward()`: the scores are the objective the loop trains, as a loss call's logits are, so
the ranking is the model's own (reported at info level only)."""
import torch
import torch.nn.functional as F


def adapt(net, loader, optimizer, steps=1):
    for images, _ in loader:
        feats = F.adaptive_avg_pool2d(net.extract(images), 1).flatten(1)
        rows = net.fc.weight
        scores = feats @ rows.t()
        cosine = scores / (feats.norm(dim=1, keepdim=True) * rows.norm(dim=1, keepdim=True).t() + 1e-6)  # expect: COS120
        cosine = (cosine + 1) / 2
        ratio = cosine.max(dim=1)[0] / cosine.sum(dim=1)
        loss = -torch.log(ratio).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
