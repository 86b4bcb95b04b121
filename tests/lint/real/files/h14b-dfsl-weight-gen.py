# cosaudit corpus, synthetic file: same shape as gidariss/FewShotWithoutForgetting/architectures/ClassifierWithFewShotGenerationModule.py at 0efdc78ceddf2395b5b0bef4f789f9d63c761b9b (licence MIT); new code, no text copied.
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class AverageGenerator(nn.Module):
    def __init__(self, n_feat):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(n_feat))

    def forward(self, support_feats, support_onehot):
        counts = support_onehot.sum(dim=1, keepdim=True).transpose(1, 2)
        novel = torch.bmm(support_onehot.transpose(1, 2), support_feats) / counts
        return novel * self.scale


class AttentionGenerator(nn.Module):
    """Builds novel-class weights by attending over the base-class weights."""

    def __init__(self, n_feat, n_base, att_scale=10.0):
        super().__init__()
        self.query = nn.Linear(n_feat, n_feat)
        self.keys = nn.Parameter(torch.randn(n_base, n_feat) * np.sqrt(2.0 / n_feat))
        self.att_scale = att_scale
        self.mix = nn.Parameter(torch.ones(2))

    def forward(self, support_feats, support_onehot, base_weights, base_ids):
        b, n_base, d = base_weights.shape
        q = F.normalize(self.query(support_feats), dim=-1)
        k = F.normalize(self.keys[base_ids.view(-1)], dim=-1).view(b, n_base, d).transpose(1, 2)
        att = self.att_scale * torch.bmm(q, k)
        att = F.softmax(att, dim=-1)
        attended = torch.bmm(att, base_weights)
        counts = support_onehot.sum(dim=1, keepdim=True).transpose(1, 2)
        per_class = torch.bmm(support_onehot.transpose(1, 2), attended) / counts
        mean_feat = torch.bmm(support_onehot.transpose(1, 2), support_feats) / counts
        return self.mix[0] * mean_feat + self.mix[1] * per_class


class FewShotHead(nn.Module):
    def __init__(self, n_feat, n_all, generator="attention", classifier="cosine"):
        super().__init__()
        self.classifier = classifier
        self.weight_base = nn.Parameter(torch.randn(n_all, n_feat) * np.sqrt(2.0 / n_feat))
        self.scale_cls = nn.Parameter(torch.tensor(10.0))
        self.bias = nn.Parameter(torch.zeros(1))
        self.generator = AttentionGenerator(n_feat, n_all) if generator == "attention" else AverageGenerator(n_feat)

    def class_weights(self, base_ids, support_feats=None, support_onehot=None):
        base = self.weight_base[base_ids.view(-1)].view(base_ids.size(0), base_ids.size(1), -1)
        if support_feats is None:
            return base
        if self.classifier == "cosine":
            support_feats = F.normalize(support_feats, dim=-1)
        if isinstance(self.generator, AttentionGenerator):
            base_in = F.normalize(base, dim=-1) if self.classifier == "cosine" else base
            novel = self.generator(support_feats, support_onehot, base_in, base_ids)
        else:
            novel = self.generator(support_feats, support_onehot)
        return torch.cat([base, novel], dim=1)

    def scores(self, feats, weights):
        if self.classifier == "cosine":
            feats = F.normalize(feats, dim=-1)
            weights = F.normalize(weights, dim=-1)
        return self.scale_cls * (torch.bmm(feats, weights.transpose(1, 2)) + self.bias)
