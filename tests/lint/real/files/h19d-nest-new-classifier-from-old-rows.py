# Synthetic rewrite of the shape of zhengyuan-xie/ECCV24_NeST:segmentation_module.py at f96185be8a46f7f1812d750e00fe2fd86b7fd2b8 (licence NOASSERTION); not the original text.
import copy
import torch
import torch.nn as nn
import torch.nn.functional as F


class IncrementalSegHead(nn.Module):
    """Per-step 1x1 classifiers; new-class rows are pre-tuned mixtures of the old rows."""

    def __init__(self, head_channels, classes, use_cosine=False):
        super().__init__()
        self.cls = nn.ModuleList([nn.Conv2d(head_channels, c, 1) for c in classes])
        self.use_cosine = use_cosine
        self.weight_old = None   # per new class: importance over (old class, channel)
        self.weight_new = None   # per new class: mixing weights over old classes
        self.new_bias = None

    def logits(self, x_pl):
        outs = []
        for mod in self.cls:
            if self.use_cosine:
                w = F.normalize(mod.weight, dim=1, p=2)
                outs.append(F.conv2d(x_pl, w))
            else:
                outs.append(mod(x_pl))
        return torch.cat(outs, dim=1)

    def reset_mixing(self, bucket):
        self.weight_old = copy.deepcopy(bucket)
        self.weight_new = copy.deepcopy(bucket.sum(dim=-1).softmax(dim=-1))

    def row_norm(self, convs, skip_bg=False):
        total, count = 0.0, 0
        for k, conv in enumerate(convs):
            w = conv.weight.data[..., 0, 0]
            if skip_bg and k == 0:
                w = w[1:]
            total += w.norm(dim=1).sum()
            count += w.shape[0]
        return total / count

    @torch.no_grad()
    def init_new_rows(self, n_new):
        old_rows = torch.cat([m.weight for m in self.cls[:-1]], dim=0).squeeze(-1).squeeze(-1)
        rows = []
        for i in range(n_new):
            rows.append(torch.matmul(self.weight_new[i].unsqueeze(0), self.weight_old[i] * old_rows))
        new_weight = torch.cat(rows, dim=0)
        self.cls[-1].weight.data = new_weight[..., None, None]
        self.cls[-1].bias.data = self.new_bias.clone()
        gamma = self.row_norm(self.cls[:-1]) / self.row_norm(self.cls[-1:])
        self.cls[-1].weight.data *= gamma
