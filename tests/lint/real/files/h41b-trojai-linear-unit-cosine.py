# Synthetic rewrite of the shape of SolidShen/trojai_round12_weight_analysis:utils/feature_extraction.py at 1fe9d61248c90a64b8adaa088d2740ff176def39 (licence NOASSERTION); not the original text.
import numpy as np
import torch
from torch import nn


def flat_weight_stats(net):
    # pool every dense layer's weights into one bag of numbers
    pool = []
    for mod in net.modules():
        if isinstance(mod, nn.Linear):
            pool.extend(mod.weight.detach().reshape(-1).cpu().numpy())
    return [np.min(pool), np.max(pool), np.mean(pool), np.std(pool)]


def unit_pair_similarity(net):
    """For each dense layer, compare the incoming weight vectors of its output units."""
    net = net.eval()
    report = []
    for mod in net.modules():
        if not isinstance(mod, nn.Linear):
            continue
        cols = mod.weight.detach().t()
        n_units = cols.shape[1]
        sims = torch.zeros(n_units, n_units)
        for a in range(n_units):
            for b in range(n_units):
                if a != b:
                    sims[a, b] = torch.cosine_similarity(cols[:, a], cols[:, b], dim=0)
        report.append((sims.max().item(), sims.min().item(), sims.mean().item(), sims.std().item()))
        print("layer", len(report), report[-1])
    return report


class TinyDetectorNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(135, 100)
        self.l2 = nn.Linear(100, 100)
        self.out = nn.Linear(100, 2)  # benign / malicious logits

    def forward(self, x):
        return self.out(torch.tanh(self.l2(torch.tanh(self.l1(x)))))


if __name__ == "__main__":
    model = TinyDetectorNet()
    print(flat_weight_stats(model))
    unit_pair_similarity(model)
