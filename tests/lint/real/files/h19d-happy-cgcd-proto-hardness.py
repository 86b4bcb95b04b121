# Synthetic rewrite of the shape of mashijie1028/Happy-CGCD:models/utils_proto_aug.py at 55fc93f4b7ad29bd7c6cf88ec60ffb83306ac180 (licence MIT); not the original text.
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class PrototypeBank:
    """Class prototypes with hardness-weighted Gaussian replay."""

    def __init__(self, dim, batch, temp, scale, device):
        self.dim, self.batch, self.temp, self.scale = dim, batch, temp, scale
        self.device = device
        self.centres = None
        self.hardness = None
        self.spread = 0.0

    def _refresh_hardness(self):
        sim = self.centres @ self.centres.T
        sim.fill_diagonal_(0)
        self.hardness = sim.sum(dim=-1) / (sim.shape[0] - 1)

    def replay_loss(self, net):
        probs = F.softmax(self.hardness / self.temp, dim=-1).cpu().numpy()
        idx = np.random.choice(len(self.centres), size=self.batch, p=probs)
        idx = torch.as_tensor(idx, device=self.device)
        pts = F.normalize(self.centres, dim=-1)[idx]
        pts = pts + torch.randn(self.batch, self.dim, device=self.device) * self.spread * self.scale
        _, logits = net[1](pts)
        return nn.CrossEntropyLoss()(logits / 0.1, idx)

    @torch.no_grad()
    def extend_online(self, net, loader, n_seen, n_all):
        net.eval()
        feats, preds = [], []
        for x, *_ in loader:
            x = x.cuda()
            _, logits = net(x)
            feats.append(F.normalize(net[0](x), dim=-1))
            preds.append(logits.argmax(1))
        feats, preds = torch.cat(feats), torch.cat(preds)
        fresh = []
        for c in range(n_seen, n_all):
            members = feats[preds == c]
            if len(members) == 0:
                # nobody predicted c: fall back to the head's direction for c
                fresh.append(net[1].last_layer.weight_v.data[c])
            else:
                fresh.append(members.mean(0))
        merged = torch.cat([self.centres, torch.stack(fresh)], dim=0)
        prototypes_all = F.normalize(merged, dim=-1, p=2)
        self.centres = prototypes_all
        similarity = prototypes_all @ prototypes_all.T
        similarity.fill_diagonal_(0)
        self.hardness = similarity.sum(dim=-1) / (similarity.shape[0] - 1)
