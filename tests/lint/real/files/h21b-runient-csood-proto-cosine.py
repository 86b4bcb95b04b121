# Synthetic rewrite of the shape of yu8661516/UniEnt:cifar/runient.py at 38897fc91a9ca52e315fbfd0673f2a21fd42598b (licence NOASSERTION); not the original text.
"""Windowed variant of unified-entropy TTA: class prototypes are the source head's rows."""
import numpy as np
import torch
import torch.nn.functional as F
from sklearn.mixture import GaussianMixture

from tent import Tent


class WindowedUniEnt(Tent):
    def __init__(self, model, optimizer, steps=1, episodic=False, window=400, warmup=8):
        super().__init__(model, optimizer, steps, episodic)
        dev = next(model.parameters()).device
        # source classifier rows kept as one prototype per class
        self.class_protos = model.fc.weight.data.clone().to(dev)
        self.trunk_out = None
        model.block3.register_forward_hook(lambda m, i, o: setattr(self, "trunk_out", o))
        self.window, self.warmup, self.history, self.calls = window, warmup, [], 0

    def _score(self):
        h = F.relu(self.model.bn1(self.trunk_out))
        h = F.avg_pool2d(h, 8).flatten(1)
        feat_norm = F.normalize(h, dim=1)
        proto_norm = F.normalize(self.class_protos, dim=1)
        closeness = torch.matmul(feat_norm, proto_norm.T).max(dim=1).values
        raw = 1.0 - closeness
        return ((raw - raw.min()) / (raw.max() - raw.min() + 1e-10)).clamp(0, 1)

    @torch.enable_grad()
    def forward(self, x):
        logits = self.model(x)
        with torch.no_grad():
            s = self._score()
            self.history = (self.history + s.cpu().tolist())[-self.window:]
            self.calls += 1
            w_in = torch.ones(len(x), device=x.device)
            w_out = torch.zeros(len(x), device=x.device)
            if self.calls >= self.warmup and len(self.history) >= self.window:
                arr = np.asarray(self.history).reshape(-1, 1)
                gm = GaussianMixture(2, random_state=0).fit(arr)
                keep = int(np.argmin(gm.means_))
                p_in = torch.tensor(gm.predict_proba(arr)[-len(x):, keep], device=x.device)
                w_in, w_out = p_in, 1 - p_in
        p = logits.softmax(1)
        ent = -(p * (p + 1e-10).log()).sum(1)
        pbar = p.mean(0)
        loss = (w_in * ent).mean() - 0.5 * (w_out * ent).mean() + 0.3 * (pbar * (pbar + 1e-10).log()).sum()
        loss.backward()
        self.optimizer.step()
        self.optimizer.zero_grad()
        return logits.detach()
