# Synthetic rewrite of the shape of icl-few-shot-class-incremental-learning/FSCIL:subspace-reg/models/resnet_language.py at 62f1881cb6614261e74e0e35747d36e150524e9a (licence MIT); not the original text.
import pickle

import torch
from torch import nn


def load_label_vectors(path, names):
    with open(path, "rb") as fh:
        table = pickle.load(fh)
    return torch.stack([torch.as_tensor(table[n]) for n in names]).float()


class LabelAttractor(nn.Module):
    """Builds a target for each novel classifier row from the base rows, weighted by word-vector affinity."""

    def __init__(self, cfg, base_names, novel_names):
        super().__init__()
        self.tau = cfg.temperature
        self.base_embeds = load_label_vectors(cfg.word_vec_file, base_names)
        self.novel_embeds = load_label_vectors(cfg.word_vec_file, novel_names)
        if cfg.glove_only:
            self.base_embeds = self.base_embeds[:, :300]
            self.novel_embeds = self.novel_embeds[:, :300]
        self.softmax = nn.Softmax(dim=1)
        self.mapper = None

    def forward(self, base_weight, hide_self=False):
        if self.mapper is not None:
            with torch.no_grad():
                return self.mapper(self.novel_embeds)
        scores = self.novel_embeds @ torch.transpose(self.base_embeds, 0, 1)
        if hide_self:
            scores.fill_diagonal_(-1e4)
        attn = self.softmax(scores / self.tau)
        return attn @ base_weight

    @staticmethod
    def pull_penalty(strength, target, novel_rows):
        return strength * (target - novel_rows).norm() ** 2

    @staticmethod
    def project_on_base_span(base_weight, novel_rows):
        q, _ = torch.linalg.qr(base_weight.t())
        return (novel_rows @ q) @ q.t()


def attractor_step(model, attractor, novel_slice, lam):
    base_rows = model.classifier.weight[: novel_slice.start].detach()
    novel_rows = model.classifier.weight[novel_slice]
    return attractor.pull_penalty(lam, attractor(base_rows), novel_rows)
