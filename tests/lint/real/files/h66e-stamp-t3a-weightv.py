# Synthetic rewrite of the shape of yuyongcan/STAMP:src/methods/T3A.py at dbdb2a98274654850ca3713cbdd1dafc7f244f2c (licence NOASSERTION); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


def entropy_from_logits(t):
    return -(t.softmax(1) * t.log_softmax(1)).sum(1)


class TemplateBank(nn.Module):
    """T3A for open-set TTA benchmarks; the last layer may carry weight normalisation."""

    def __init__(self, trunk, last_layer, keep=100, features_cached=False):
        super().__init__()
        self.trunk = trunk
        self.last = last_layer
        self.cached = features_cached
        self.keep = keep
        self.n_cls = last_layer.out_features
        # weight-normalised heads keep their direction in weight_v; plain heads in weight
        seed = last_layer.weight_v.data if hasattr(last_layer, "weight_v") else last_layer.weight.data
        seed_logits = last_layer(seed)
        self.init_state = (seed, F.one_hot(seed_logits.argmax(1), self.n_cls).float(),
                           entropy_from_logits(seed_logits))
        self.reset()

    def reset(self):
        self.vecs, self.hot, self.ent = self.init_state

    def forward(self, inputs, adapt=True):
        z = inputs if self.cached else self.trunk(inputs)
        if adapt:
            out = self.last(z)
            dev = z.device
            self.vecs = torch.cat([self.vecs.to(dev), z])
            self.hot = torch.cat([self.hot.to(dev), F.one_hot(out.argmax(1), self.n_cls).float()])
            self.ent = torch.cat([self.ent.to(dev), entropy_from_logits(out)])
        vecs, hot = self.prune()
        class_dirs = F.normalize(vecs, dim=1).T @ hot
        return z @ F.normalize(class_dirs, dim=0)

    def prune(self):
        if self.keep != -1:
            lab = self.hot.argmax(1)
            pos = torch.arange(len(self.ent))
            sel = torch.cat([pos[lab.cpu() == c][torch.argsort(self.ent[lab == c]).cpu()][: self.keep]
                             for c in range(self.n_cls)])
            self.vecs, self.hot, self.ent = self.vecs[sel], self.hot[sel], self.ent[sel]
        return self.vecs, self.hot
