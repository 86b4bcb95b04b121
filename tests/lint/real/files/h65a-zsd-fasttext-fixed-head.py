# Synthetic rewrite of the shape of nasir6/zero_shot_detection:cls_models.py at 53a92f5435a662aac7354479da4fe11389148d20 (licence NOASSERTION); not the original text.
# Zero-shot detection heads: a plain linear softmax head for seen classes, and an
# unseen-class head whose "rows" are frozen fastText vectors of the class names;
# region features are projected to 300-d and scored by dot product with them.
import torch
import torch.nn as nn


class SeenHead(nn.Module):
    def __init__(self, n_classes=66, feat_dim=1024):
        super().__init__()
        self.proj = nn.Linear(feat_dim, n_classes)
        self.logp = nn.LogSoftmax(dim=1)

    def forward(self, feats):
        return self.logp(self.proj(feats))


class WordVectorHead(nn.Module):
    def __init__(self, class_vectors, feat_dim=1024, with_log_softmax=True):
        super().__init__()
        # (n_classes, 300) fastText vectors, scaled once as a whole matrix, never trained
        self.register_buffer("semantic", class_vectors.float())
        self.to_semantic = nn.Linear(feat_dim, class_vectors.shape[1])
        self.logp = nn.LogSoftmax(dim=1) if with_log_softmax else nn.Identity()

    def forward(self, feats):
        z = self.to_semantic(feats)
        scores = z @ self.semantic.T
        return self.logp(scores)
