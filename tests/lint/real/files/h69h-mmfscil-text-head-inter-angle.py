# Synthetic rewrite of the shape of InugYoon/mm_fscil:models/mm/fscil_trainer.py at b15b0f954681fe7164799096f6d2c9040ab1aed7 (licence NOASSERTION); not the original text.
import math

import torch
import torch.nn.functional as F


def mean_pairwise_angle(rows):
    unit = F.normalize(rows)
    cos = (unit @ unit.t()).clamp(-1, 1)
    off_diag = ~torch.eye(len(rows), dtype=torch.bool)
    return torch.rad2deg(torch.acos(cos[off_diag])).mean()


class SessionZeroProbe:
    """Before base training: report geometry of the frozen CLIP text classifier.

    The classifier rows are CLIP text embeddings of the class prompts; they are
    frozen (requires_grad False) and the image features are normalised before
    the product, so this is a zero-shot CLIP head.
    """

    def __init__(self, net, angle_stats_fn):
        self.net = net
        self.angle_stats_fn = angle_stats_fn

    def run(self, train_loader, test_loader):
        stats_train = self.angle_stats_fn(train_loader)
        stats_test = self.angle_stats_fn(test_loader)
        print("session 0, before training")
        print(*stats_train)
        print(*stats_test)
        text_rows = self.net.module.textual_classifier.weight
        print("text classifiers inter angle: %d" % mean_pairwise_angle(text_rows))
        return stats_train, stats_test


def build_text_head(text_embeddings):
    head = torch.nn.Linear(text_embeddings.shape[1], text_embeddings.shape[0])
    head.weight = torch.nn.Parameter(text_embeddings.clone(), requires_grad=False)
    head.bias = torch.nn.Parameter(torch.zeros(text_embeddings.shape[0]), requires_grad=False)
    return head
