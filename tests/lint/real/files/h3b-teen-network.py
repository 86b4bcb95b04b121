# cosaudit corpus, synthetic file: same shape as wangkiw/TEEN/models/teen/Network.py at 2ba51650cbd94629ea2c6ae3afa0f4ea1cb9026a (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn as nn
import torch.nn.functional as F


class TeenNet(nn.Module):
    def __init__(self, args, encoder, num_features=512):
        super().__init__()
        self.args, self.encoder = args, encoder
        self.fc = nn.Linear(num_features, args.num_classes, bias=False)

    def forward(self, x):
        x = self.encoder(x)
        return self.args.temperature * F.linear(F.normalize(x, p=2, dim=-1), F.normalize(self.fc.weight, p=2, dim=-1))

    @torch.no_grad()
    def set_new_rows_to_means(self, feats, labels, classes):
        for c in classes:
            self.fc.weight.data[c] = feats[labels == c].mean(0)

    @torch.no_grad()
    def calibrate_new_rows(self, args, session):
        base = F.normalize(self.fc.weight.data[:args.base_class].cpu(), p=2, dim=-1)
        lo = args.base_class + (session - 1) * args.way
        new = F.normalize(self.fc.weight.data[lo:lo + args.way].cpu(), p=2, dim=-1)
        affinity = torch.mm(new, base.T) * args.softmax_t
        mix = torch.softmax(affinity, dim=1) @ base
        mix = F.normalize(mix, p=2, dim=-1)
        self.fc.weight.data[lo:lo + args.way] = (1 - args.shift_weight) * new + args.shift_weight * mix
