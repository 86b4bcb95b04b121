# cosaudit corpus, synthetic file: same shape as ZhenkaiGao/TEEN/models/teen/Network.py at 96a396fd0553da16cbcc48f6adf30b889b859c0d (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class IncrementalNet(nn.Module):
    def __init__(self, encoder, dim, n_classes, args, mode="cos"):
        super().__init__()
        self.encoder, self.args, self.mode = encoder, args, mode
        self.fc = nn.Linear(dim, n_classes, bias=False)

    def forward(self, x):
        feats = self.encoder(x)
        if "cos" in self.mode:
            return self.args.temperature * F.linear(F.normalize(feats, dim=-1), F.normalize(self.fc.weight, dim=-1))
        return self.args.temperature * self.fc(feats)

    @torch.no_grad()
    def imprint(self, feats, labels, classes):
        for c in classes:
            self.fc.weight.data[c] = feats[labels == c].mean(0)

    @torch.no_grad()
    def calibrate(self, session):
        a = self.args
        base = F.normalize(self.fc.weight[:a.base_class], dim=-1)
        lo = a.base_class + (session - 1) * a.way
        new = F.normalize(self.fc.weight[lo:lo + a.way], dim=-1)
        mix = torch.softmax(new @ base.T * a.softmax_t, dim=1)
        shift = F.normalize(mix @ base, dim=-1)
        self.fc.weight[lo:lo + a.way] = (1 - a.shift_weight) * new + a.shift_weight * shift
