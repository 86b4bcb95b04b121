# cosaudit corpus, synthetic file: same shape as Sharpiless/ZSKD-pytorch/ZSKD.py at 4fab2c68156c1101f6c2c334431670fe651484db (licence GPL-3.0); new code, no text copied.
import torch
import torch.nn.functional as F


def last_linear(net):
    layer = list(net.children())[-1]
    while isinstance(layer, torch.nn.Sequential):
        layer = list(layer.children())[-1]
    return layer


def teacher_class_similarity(teacher):
    rows = next(last_linear(teacher).parameters())      # (classes, features)
    unit = F.normalize(rows, p=2, dim=1)
    sim = unit @ unit.T
    return (sim - sim.min()) / (sim.max() - sim.min())


def sample_soft_targets(teacher, k, beta, n):
    sim = teacher_class_similarity(teacher)
    dirichlet = torch.distributions.Dirichlet(beta * sim[k] + 1e-4)
    return dirichlet.rsample((n,))
