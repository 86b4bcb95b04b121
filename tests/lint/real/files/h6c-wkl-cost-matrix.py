# cosaudit corpus, synthetic file: same shape as Changhy26/WKL/mdistiller/distillers/WKD.py at ccf30a6c9dbc1dbdb41cb1d450eafff741a0646e (licence NOASSERTION); new code, no text copied.
"""Stage-adaptive Wasserstein distillation (logit part) with a class ground cost."""
import math

import torch
import torch.nn.functional as F

from ._base import Distiller


def sinkhorn_plan(p, q, cost, eps=0.05, n_iter=10):
    kernel = torch.exp(-cost / eps)
    u = torch.full_like(p, 1.0 / p.shape[1]).unsqueeze(-1)
    p, q = p.unsqueeze(-1), q.unsqueeze(-1)
    for _ in range(n_iter):
        v = q / (torch.bmm(kernel.transpose(1, 2), u) + 1e-8)
        u = p / (torch.bmm(kernel, v) + 1e-8)
    return u * kernel * v.transpose(1, 2)


def wasserstein_logit_loss(s_logits, t_logits, tau, cost, eps, n_iter):
    p_s = F.softmax(s_logits / tau, dim=-1).float()
    p_t = F.softmax(t_logits / tau, dim=-1).float()
    cost = F.relu(cost) + 1e-8
    plan = sinkhorn_plan(p_s, p_t, cost.to(p_s.device), eps, n_iter)
    return (plan * cost).sum(dim=(-1, -2)).mean()


class WKL(Distiller):
    """Wasserstein logit loss blended with KL through a decay schedule."""

    def __init__(self, student, teacher, cfg):
        super().__init__(student, teacher)
        self.cfg = cfg
        self.tau = cfg.WKD.TEMPERATURE
        self.eps = cfg.WKD.SINKHORN.LAMBDA
        self.n_iter = cfg.WKD.SINKHORN.ITER
        self.decay_from = cfg.WKD.LOSS.COSINE_DECAY_EPOCH
        if cfg.WKD.COST_MATRIX == "fc":
            print("class prototypes taken from the teacher classifier")
            protos = self.teacher.fc.weight
            unit = F.normalize(protos, p=2, dim=-1)
            cosine_sim = unit.matmul(unit.transpose(-1, -2))
            self.ground_cost = 1 - cosine_sim
        else:
            self.ground_cost = torch.load(cfg.WKD.COST_MATRIX_PATH).cuda().detach()
        if cfg.WKD.COST_MATRIX_SHARPEN:
            self.ground_cost = 1 - torch.exp(-cfg.WKD.COST_MATRIX_SHARPEN * self.ground_cost)

    def weight_at(self, epoch, w0):
        if epoch <= self.decay_from:
            return w0
        frac = (epoch - self.decay_from) / (self.cfg.SOLVER.EPOCHS - self.decay_from)
        return 0.5 * w0 * (1 + math.cos(frac * math.pi))

    def forward_train(self, image, target, **kwargs):
        s_logits, _ = self.student(image)
        with torch.no_grad():
            t_logits, _ = self.teacher(image)
        batch_cost = self.ground_cost.repeat(s_logits.shape[0], 1, 1)
        w = self.weight_at(kwargs["epoch"], self.cfg.WKD.LOSS.WKD_LOGIT_WEIGHT)
        loss_w = wasserstein_logit_loss(s_logits, t_logits, self.tau, batch_cost, self.eps, self.n_iter)
        return s_logits, {"loss_ce": F.cross_entropy(s_logits, target), "loss_kd": w * loss_w}
