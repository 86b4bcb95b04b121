# cosaudit corpus, synthetic file: same shape as hainn2803/WKD/mdistiller/distillers/WKD.py at 25115348a605c923041f07afa02b43c5b6f14a98 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F


def sinkhorn_flow(p, q, cost, reg=0.05, iters=10):
    K = torch.exp(-cost / reg)
    u = torch.full_like(p, 1.0 / p.shape[1]).unsqueeze(-1)
    p, q = p.unsqueeze(-1), q.unsqueeze(-1)
    for _ in range(iters):
        v = q / (K.transpose(1, 2) @ u + 1e-8)
        u = p / (K @ v + 1e-8)
    return u * K * v.transpose(1, 2)


class WassersteinDistiller(torch.nn.Module):
    """logit distillation with an optimal-transport loss whose ground cost comes from the teacher"""

    def __init__(self, student, teacher, cfg):
        super().__init__()
        self.student, self.teacher, self.cfg = student, teacher.eval(), cfg
        if cfg.cost == "fc":
            protos = F.normalize(teacher.fc.weight, dim=-1)      # class prototypes = classifier rows
            self.cost = 1 - protos @ protos.transpose(0, 1)
        else:
            self.cost = torch.load(cfg.cost_path)

    def forward(self, x, y):
        s = self.student(x)
        with torch.no_grad():
            t = self.teacher(x)
        p = F.softmax(s / self.cfg.T, dim=-1)
        q = F.softmax(t / self.cfg.T, dim=-1)
        cost = F.relu(self.cost).expand(x.shape[0], -1, -1) + 1e-8
        ot = (sinkhorn_flow(p, q, cost) * cost).sum((1, 2)).mean()
        return s, F.cross_entropy(s, y) + self.cfg.weight * ot
