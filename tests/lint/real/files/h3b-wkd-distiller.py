# cosaudit corpus, synthetic file: same shape as JiamingLv/WKD/mdistiller/distillers/WKD.py at 214cf8868c2b8e45781f238b8f0e47c2e4e38190 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F
from ._base import Distiller


def sinkhorn_distance(p, q, cost, lam=0.05, iters=10):
    K = torch.exp(-cost / lam)
    u = torch.ones_like(p)
    for _ in range(iters):
        v = q / (u @ K + 1e-8)
        u = p / (v @ K.T + 1e-8)
    plan = u.unsqueeze(-1) * K * v.unsqueeze(-2)
    return (plan * cost).sum((-1, -2)).mean()


class WassersteinLogitKD(Distiller):
    def __init__(self, student, teacher, cfg):
        super().__init__(student, teacher)
        self.T = cfg.WKD.TEMPERATURE
        if cfg.WKD.COST_MATRIX == "fc":
            print("category prototypes = rows of the teacher's fc layer")
            protos = F.normalize(self.teacher.fc.weight, p=2, dim=-1)
            cosine = protos @ protos.transpose(-1, -2)
            self.cost = 1 - cosine
        else:
            self.cost = torch.load(cfg.WKD.COST_MATRIX_PATH).cuda()

    def forward_train(self, image, target, **kw):
        logits_s, _ = self.student(image)
        with torch.no_grad():
            logits_t, _ = self.teacher(image)
        p_s = F.softmax(logits_s / self.T, dim=1)
        p_t = F.softmax(logits_t / self.T, dim=1)
        loss_wd = sinkhorn_distance(p_t, p_s, self.cost.detach())
        return logits_s, {"loss_ce": F.cross_entropy(logits_s, target), "loss_wkd": loss_wd}
