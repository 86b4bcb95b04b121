# Synthetic rewrite of the shape of Hao840/vanillaKD:losses/kd.py at be6a1a98ab724a579cc40b8c239049d2d3a96cdc (licence NOASSERTION); not the original text.
import torch.nn as nn
import torch.nn.functional as F


class SoftTargetLoss(nn.Module):
    """Hinton-style distillation: match the student's tempered distribution to the teacher's."""

    def __init__(self, tau: float = 4.0):
        super().__init__()
        self.tau = tau

    def forward(self, student_logits, teacher_logits, **unused):
        s_logp = F.log_softmax(student_logits / self.tau, dim=1)
        t_prob = F.softmax(teacher_logits / self.tau, dim=1)
        per_sample = F.kl_div(s_logp, t_prob, reduction="none").sum(1)
        return per_sample.mean() * self.tau ** 2
