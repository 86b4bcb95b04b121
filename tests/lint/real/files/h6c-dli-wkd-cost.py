# cosaudit corpus, synthetic file: same shape as CdkeyTJ/DeepLearningImprove/mdistiller/distillers/WKD.py at 6486ab6bbf1d49b97cf9300c5142f742b419d5af (licence NOASSERTION); new code, no text copied.
"""Wasserstein KD, logit branch only (class prototypes from the teacher head)."""
import torch
import torch.nn.functional as F

from ._base import Distiller


def transport(p, q, cost, reg, iters):
    K = torch.exp(-cost / reg)
    u = torch.ones_like(p).unsqueeze(-1) / p.shape[-1]
    p, q = p.unsqueeze(-1), q.unsqueeze(-1)
    for _ in range(iters):
        v = q / (K.transpose(1, 2) @ u + 1e-8)
        u = p / (K @ v + 1e-8)
    return u * K * v.transpose(1, 2)


class WassersteinKD(Distiller):
    def __init__(self, student, teacher, cfg):
        super().__init__(student, teacher)
        self.tau = cfg.WKD.TEMPERATURE
        self.reg = cfg.WKD.SINKHORN.LAMBDA
        self.iters = cfg.WKD.SINKHORN.ITER
        self.weight = cfg.WKD.LOSS.WKD_LOGIT_WEIGHT
        if cfg.WKD.COST_MATRIX == "fc":
            centres = self.teacher.fc.weight
            centres_n = F.normalize(centres, p=2, dim=-1)
            cosine_sim = centres_n.matmul(centres_n.transpose(-1, -2))
            self.cost = 1 - cosine_sim
        else:
            self.cost = torch.load(cfg.WKD.COST_MATRIX_PATH).cuda()

    def forward_train(self, image, target, **kwargs):
        s, _ = self.student(image)
        with torch.no_grad():
            t, _ = self.teacher(image)
        ps, pt = F.softmax(s / self.tau, -1), F.softmax(t / self.tau, -1)
        cost = (F.relu(self.cost) + 1e-8).repeat(s.shape[0], 1, 1)
        loss = (transport(ps, pt, cost, self.reg, self.iters) * cost).sum((-1, -2)).mean()
        return s, {"loss_ce": F.cross_entropy(s, target), "loss_kd": self.weight * loss}
