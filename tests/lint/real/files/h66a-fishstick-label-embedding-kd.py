# Synthetic rewrite of the shape of NeuralBlitz/fishstick:fishstick/distillation/core.py at 2a3b1b8168099e9ed568a62384c89b52292a6541 (licence NOASSERTION); not the original text.
from typing import Optional

import torch
import torch.nn as nn
import torch.nn.functional as F


class TemperedKL(nn.Module):
    def __init__(self, tau=4.0):
        super().__init__()
        self.tau = tau

    def forward(self, s_logits, t_logits):
        log_p = F.log_softmax(s_logits / self.tau, dim=-1)
        q = F.softmax(t_logits / self.tau, dim=-1)
        return F.kl_div(log_p, q, reduction="batchmean") * self.tau ** 2


class LabelTableDistiller(nn.Module):
    """Teacher->student distillation plus a learned table of label vectors."""

    def __init__(self, teacher, student, n_labels, dim, tau=4.0, mix=0.5):
        super().__init__()
        self.teacher, self.student = teacher, student
        self.mix = mix
        self.label_table = nn.Embedding(n_labels, dim)   # separate learned label vectors
        self.kl = TemperedKL(tau)
        self.xent = nn.CrossEntropyLoss()

    def forward(self, x, y: Optional[torch.Tensor] = None):
        with torch.no_grad():
            t_out = self.teacher(x)
        s_out = self.student(x)
        loss = self.kl(s_out, t_out)
        if y is not None:
            target_vec = self.label_table(y)
            # cosine between the student's output and every normalised label-table row, inside the loss
            scores = F.normalize(s_out, dim=-1) @ F.normalize(self.label_table.weight, dim=-1).T
            align = F.mse_loss(scores, target_vec)
            loss = self.mix * loss + (1 - self.mix) * 0.5 * (self.xent(s_out, y) + align)
        return s_out, {"total_loss": loss}
