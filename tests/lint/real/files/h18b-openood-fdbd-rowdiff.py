# Synthetic rewrite of the shape of Jingkang50/OpenOOD:openood/postprocessors/fdbd_postprocessor.py at 34eb2dbc32f59e51b289a7b2f8f3dfdcd1e02165 (licence NOASSERTION); not the original text.
"""Feature-to-decision-boundary OOD score (fDBD-style)."""
import numpy as np
import torch


class BoundaryDistanceScorer:
    def __init__(self, centre_normaliser=True):
        self.centre_normaliser = centre_normaliser
        self.gaps = None
        self.mu = None

    @torch.no_grad()
    def fit(self, net, train_loader):
        pooled = [net(b["data"].cuda().float(), return_feature=True)[1].cpu().numpy()
                  for b in train_loader]
        self.mu = torch.from_numpy(np.concatenate(pooled).mean(0)).cuda()
        w, bias = [p.data.cpu().numpy() for p in net.fc.parameters()]
        k = bias.shape[0]
        gaps = np.ones((k, k))
        for p in range(k):
            gap_rows = w - w[p,:]
            d = np.linalg.norm(gap_rows, axis=1)
            d[p] = 1.0
            gaps[p] = d
        self.gaps = torch.tensor(gaps).cuda()

    @torch.no_grad()
    def score(self, net, x):
        logits, f = net(x, return_feature=True)
        top, pred = logits.max(1)
        margin = (top[:, None] - logits).abs() / self.gaps[pred]
        scale = (f - self.mu).norm(dim=1) if self.centre_normaliser else f.norm(dim=1)
        return pred, margin.sum(1) / scale
