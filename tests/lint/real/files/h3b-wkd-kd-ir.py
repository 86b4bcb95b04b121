# cosaudit corpus, synthetic file: same shape as JiamingLv/WKD/mdistiller/distillers/KD.py at 214cf8868c2b8e45781f238b8f0e47c2e4e38190 (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F
from ._base import Distiller


def kd_loss(logits_s, logits_t, T):
    return F.kl_div(F.log_softmax(logits_s / T, 1), F.softmax(logits_t / T, 1), reduction="batchmean") * T * T


class KDWithRelations(Distiller):
    def __init__(self, student, teacher, cfg):
        super().__init__(student, teacher)
        self.T = cfg.KD.TEMPERATURE
        self.ce_w, self.kd_w, self.ir_w = cfg.KD.LOSS.CE_WEIGHT, cfg.KD.LOSS.KD_WEIGHT, cfg.KD.LOSS.IR_WEIGHT

    def forward_train(self, image, target, **kw):
        logits_s, _ = self.student(image)
        with torch.no_grad():
            logits_t, _ = self.teacher(image)
        w_s = F.normalize(self.student.fc.weight, dim=-1)
        rel_s = w_s @ w_s.T
        w_t = F.normalize(self.teacher.fc.weight, dim=-1)
        rel_t = w_t @ w_t.T
        losses = {
            "loss_ce": self.ce_w * F.cross_entropy(logits_s, target),
            "loss_kd": self.kd_w * kd_loss(logits_s, logits_t, self.T),
            "loss_ir": self.ir_w * F.mse_loss(rel_s, rel_t, reduction="sum"),
        }
        return logits_s, losses
