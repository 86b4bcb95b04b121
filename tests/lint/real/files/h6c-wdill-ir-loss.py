# cosaudit corpus, synthetic file: same shape as hanna6666/wassterin_dill/mdistiller/distillers/KD.py at 2224146780d2b92c41f37886116ae79313d6ca12 (licence NOASSERTION); new code, no text copied.
"""Vanilla KD plus an inter-class relation term taken from the two classifiers."""
import torch
import torch.nn.functional as F

from ._base import Distiller


def soft_kl(s_logits, t_logits, tau):
    log_p = F.log_softmax(s_logits / tau, dim=1)
    q = F.softmax(t_logits / tau, dim=1)
    return F.kl_div(log_p, q, reduction="none").sum(1).mean() * tau ** 2


class KDWithRelations(Distiller):
    def __init__(self, student, teacher, cfg):
        super().__init__(student, teacher)
        self.tau = cfg.KD.TEMPERATURE
        self.w_ce = cfg.KD.LOSS.CE_WEIGHT
        self.w_kd = cfg.KD.LOSS.KD_WEIGHT
        self.w_rel = cfg.KD.LOSS.IR_WEIGHT

    def forward_train(self, image, target, **kwargs):
        s_logits, _ = self.student(image)
        with torch.no_grad():
            t_logits, _ = self.teacher(image)

        ws = F.normalize(self.student.fc.weight, dim=-1)
        rel_s = ws @ ws.T
        wt = F.normalize(self.teacher.fc.weight, dim=-1)
        rel_t = wt @ wt.T

        losses = {
            "loss_ce": self.w_ce * F.cross_entropy(s_logits.float(), target),
            "loss_kd": self.w_kd * soft_kl(s_logits.float(), t_logits.float(), self.tau),
            "loss_ir": self.w_rel * F.mse_loss(rel_s, rel_t, reduction="sum"),
        }
        return s_logits, losses
