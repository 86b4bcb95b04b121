"""A multi-label tagger trained with a multi-label loss only (the string "CrossEntropyLoss" below is
a note, not a call): each label's logit is compared with a fixed threshold, so no shared translation
of its rows leaves the outputs alone, and the rows' cosines are the model's."""
import torch.nn as nn
import torch.nn.functional as F

NOTE = "not nn.CrossEntropyLoss(): the labels are not exclusive"


class Tagger(nn.Module):
    def __init__(self, dim, n_labels):
        super().__init__()
        self.classifier = nn.Linear(dim, n_labels)
        self.loss_fn = nn.MultiLabelSoftMarginLoss()

    def label_overlap(self):
        W = self.classifier.weight
        return F.cosine_similarity(W[0], W[1], dim=0)
