# Synthetic rewrite of the shape of Yushu-Li/OWTTT:cifar/OURS.py at 504062c9294203ab54e49b461f8290364dc3418d (licence NOASSERTION); not the original text.
"""Open-world test-time training: known-class prototypes are source class means, unknowns grow a pool."""
import numpy as np
import torch
import torch.nn.functional as F

from helpers import build_backbone, offline_stats, test_loader


def split_variance(scores, t):
    hi = scores >= t
    if hi.all() or (~hi).all():
        return np.inf
    return hi.mean() * scores[hi].var() + (~hi).mean() * scores[~hi].var()


class UnknownPool:
    def __init__(self, temp=0.1, cap=100):
        self.temp, self.cap, self.bank = temp, cap, None

    def sims(self, unit_feat):
        return None if self.bank is None else unit_feat @ self.bank.t()

    def add(self, unit_feat):
        self.bank = unit_feat if self.bank is None else torch.cat([self.bank, unit_feat])[-self.cap:]
        self.bank = F.normalize(self.bank)


backbone, head = build_backbone()
class_means, class_covs, glob_mu, glob_cov = offline_stats(backbone, head)
# known-class prototypes: per-class mean features of the source data
weak_prototype = F.normalize(torch.stack(class_means)).cuda()
pool, temp, queue = UnknownPool(), 0.1, []
opt = torch.optim.SGD(backbone.parameters(), lr=1e-3, momentum=0.9)

for x, _ in test_loader():
    z = backbone(x.cuda())
    logit = torch.mm(F.normalize(z), weak_prototype.t()) / temp
    extra = pool.sims(F.normalize(z))
    full = logit if extra is None else torch.cat([logit, extra / temp], 1)
    best_known = full[:, : logit.shape[1]].max(1).values
    ood = 1 - best_known * temp
    queue = (queue + ood.detach().cpu().tolist())[-512:]
    grid = np.arange(0, 1, 0.01)
    cut = grid[np.argmin([split_variance(np.asarray(queue), t) for t in grid])]
    for i in torch.nonzero(ood >= cut).flatten():
        pool.add(F.normalize(z[i : i + 1].detach()))
    seen = ood < cut
    if seen.any():
        zs = backbone(x.cuda()[seen])
        mu = zs.mean(0)
        loss = 0.05 * ((mu - glob_mu.cuda()) ** 2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
