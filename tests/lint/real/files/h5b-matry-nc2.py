# cosaudit corpus, synthetic file: same shape as haian1910/Matryoshka_in_Neural_Collapse/Classification/criterions/nc2.py at d98d6267cd4f5d184d7c2d9232d2a3f708396ca8 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn


class Projector(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.lin = nn.Linear(d_in, d_out, bias=False)
        nn.init.orthogonal_(self.lin.weight)

    def forward(self, x):
        return self.lin(x)

    def orthogonality(self):
        P = self.lin.weight
        G = P @ P.t() if P.shape[0] < P.shape[1] else P.t() @ P
        return torch.linalg.norm(G - torch.eye(G.shape[0], device=G.device)) ** 2


def gram(means, normalise=True):
    g = means @ means.t()
    return g / (g.norm() + 1e-8) if normalise else g


def nc2_step(student_h, labels, projector, teacher_gram, n_classes):
    z = projector(student_h)
    present = labels.unique()
    means = torch.stack([z[labels == c].mean(0) for c in present])
    student_gram = gram(means, normalise=True)
    target = teacher_gram[present][:, present]
    target = target / (target.norm() + 1e-8)
    return torch.linalg.norm(student_gram - target) ** 2 + projector.orthogonality()
