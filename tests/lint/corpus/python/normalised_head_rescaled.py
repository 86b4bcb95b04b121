# expect: COS301
"""A few-shot incremental session trained as a cosine classifier: stored rows with noise, used as
pseudo-features, are scored against the unit rows of the head with `F.linear`, and the next line
rescales those logits by the temperature before the softmax. The model itself normalises its rows,
so the comparison is reported as info.

Shape seen in public few-shot class-incremental training code; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F


def session_train(model, loader, epochs, args):
    protos = model.fc.weight.data.detach().cpu()[: args.n_classes, :]
    for _ in range(epochs):
        noisy = protos + torch.normal(0.0, 0.1, protos.shape)
        logits = F.linear(F.normalize(noisy, p=2, dim=-1), F.normalize(model.fc.weight, p=2, dim=-1))  # expect: COS101
        logits = logits[:, : args.n_classes] * args.temperature
        loss = F.cross_entropy(logits, torch.arange(args.n_classes))
        loss.backward()
