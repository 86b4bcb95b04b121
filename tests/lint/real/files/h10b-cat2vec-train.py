# cosaudit corpus, synthetic file: same shape as fabiocarrara/cat2vec/train.py at 970305fd7627e79c8759963440e5bfdd85cd7156 (licence NOASSERTION); new code, no text copied.
"""Train an ImageNet CNN to predict the word vector of its label instead of a one-hot class."""
import numpy as np
import torch
import torch.nn as nn
import torchvision.models as tvm


class NegCosine(nn.Module):
    def forward(self, pred, target):
        return -nn.functional.cosine_similarity(pred, target, dim=1)


def to_regressor(net, out_dim):
    net.fc = nn.Linear(net.fc.in_features, out_dim)
    return net.fc


def evaluate(net, loader, label_vectors):
    crit = NegCosine()
    hit = n = 0
    total = 0.0
    with torch.no_grad():
        for x, (y, target_vec) in loader:
            pred = net(x)
            total += crit(pred, target_vec).mean().item()
            scores = pred.mm(label_vectors.t())
            hit += (scores.argmax(1) == y).sum().item()
            n += y.numel()
    return total / len(loader), hit / n


def main(vectors_path, arch="resnet50"):
    label_vectors = torch.from_numpy(np.load(vectors_path))
    net = getattr(tvm, arch)(pretrained=True)
    head = to_regressor(net, label_vectors.shape[1])
    opt = torch.optim.SGD(head.parameters(), lr=0.01, momentum=0.9)
    return net, opt, NegCosine(), label_vectors
