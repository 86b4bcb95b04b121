# expect: COS301
"""Class similarities read off a teacher's head in distillation and domain-adaptation code: the
teacher network's `linear` layer given to a helper that normalises rows and multiplies them, a
classifier's rows with its bias appended as one more coordinate, and the class rows of a linear
discriminant (a softmax over three or more classes) against word vectors. The look-alikes stay
quiet: a student's features against the teacher's head (logits), a head flattened into one long
vector and compared across checkpoints, and features concatenated with their norms.

Shapes seen in public data-free distillation, source-free adaptation and topic-modelling code;
written for cosaudit's tests.
"""
import numpy as np
import torch
import torch.nn.functional as F
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.metrics.pairwise import cosine_similarity


def class_similarity(weights, scale=1.0):
    weights = F.normalize(weights, p=2, dim=1)
    sim = torch.matmul(weights, weights.T)  # expect: COS101
    return (sim - sim.min()) / (sim.max() - sim.min()) / scale


class SoftTargets:
    def __init__(self, teacher, student):
        self.teacher = teacher
        self.student = student
        self.prior = class_similarity(self.teacher.linear.weight)

    def logits(self, x):
        return self.student.features(x) @ self.teacher.linear.weight.T


def class_relations(net, bias_too=True):
    rows = torch.cat((net.fc.weight.detach(), net.fc.bias.detach().unsqueeze(-1)), dim=1)
    rows /= torch.sqrt(torch.sum(rows**2, dim=1)).reshape(-1, 1)
    return torch.mm(rows, rows.T)  # expect: COS101


def term_importance(doc_vectors, topics, word_vectors):
    lda = LinearDiscriminantAnalysis().fit(doc_vectors, topics)
    return cosine_similarity(lda.coef_, word_vectors)  # expect: COS120


# look-alikes
def drift_across_checkpoints(paths):
    flat = [torch.load(p)["linear.weight"].flatten() for p in paths]
    flat = np.stack([f.numpy() for f in flat])
    return cosine_similarity(flat)


def feature_table(feats):
    aug = torch.cat((feats, feats.norm(dim=1, keepdim=True)), dim=1)
    aug = aug / aug.norm(dim=1, keepdim=True)
    return aug @ aug.T
