# Synthetic rewrite of the shape of sunshangquan/logit-standardization-KD:mdistiller/distillers/KD.py at f6e5aa5172bad618e801163c3385322eea673754 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


def zscore(logit, eps=1e-7):
    # standardise every sample's logit vector over the class axis
    centre = logit.mean(dim=-1, keepdim=True)
    spread = logit.std(dim=-1, keepdim=True)
    return (logit - centre) / (spread + eps)


def soft_target_loss(student_logits, teacher_logits, tau, standardise):
    if standardise:
        student_logits = zscore(student_logits)
        teacher_logits = zscore(teacher_logits)
    log_p_s = F.log_softmax(student_logits / tau, dim=1)
    p_t = F.softmax(teacher_logits / tau, dim=1)
    return F.kl_div(log_p_s, p_t, reduction="none").sum(dim=1).mean() * tau * tau


class VanillaKD(torch.nn.Module):
    def __init__(self, student, teacher, cfg):
        super().__init__()
        self.student, self.teacher = student, teacher
        self.tau = cfg.kd_temperature
        self.w_ce = cfg.ce_weight
        self.w_kd = cfg.kd_weight
        self.standardise = cfg.logit_stand

    def training_step(self, images, labels):
        s_logits, _ = self.student(images)
        with torch.no_grad():
            t_logits, _ = self.teacher(images)
        return s_logits, {
            "ce": self.w_ce * F.cross_entropy(s_logits, labels),
            "kd": self.w_kd * soft_target_loss(s_logits, t_logits, self.tau, self.standardise),
        }
