# Synthetic rewrite of the shape of yoshitomo-matsubara/torchdistill:torchdistill/losses/mid_level.py at 3e4373c45214c5c56eebac481d5bfe8b8735aa05 (licence MIT); not the original text.
import torch
import torch.nn as nn
from torch.nn.functional import normalize

LOSS_REGISTRY = {}


def register_loss(cls):
    LOSS_REGISTRY[cls.__name__] = cls
    return cls


@register_loss
class LogitDirectionGramLoss(nn.Module):
    """Direction term of a streamlined KD: compare batch Gram matrices of unit-length logits
    under a Mahalanobis metric estimated from the Gram differences themselves."""

    def __init__(self, student_path, student_io, teacher_path, teacher_io, ridge=0.1, **kwargs):
        super().__init__()
        self.student_path, self.student_io = student_path, student_io
        self.teacher_path, self.teacher_io = teacher_path, teacher_io
        self.ridge = ridge

    def forward(self, student_io_dict, teacher_io_dict, *args, **kwargs):
        student_logits = student_io_dict[self.student_path][self.student_io]
        teacher_logits = teacher_io_dict[self.teacher_path][self.teacher_io]
        # one row per sample: normalise each sample's logit vector, then sample-by-sample Gram
        student_gram = normalize(student_logits, p=2, dim=1)
        teacher_gram = normalize(teacher_logits, p=2, dim=1)
        g_s = student_gram @ student_gram.t()
        g_t = teacher_gram @ teacher_gram.t()
        gap = g_s - g_t
        sigma = torch.cov(gap.t()) + self.ridge * torch.eye(gap.shape[1], device=gap.device)
        precision = torch.cholesky_inverse(torch.linalg.cholesky(sigma))
        per_row = torch.einsum("bi,ij,bj->b", gap, precision, gap)
        return per_row.sqrt().mean()


@register_loss
class TemperedKLLoss(nn.Module):
    def __init__(self, student_path, student_io, teacher_path, teacher_io, temperature=4.0, **kwargs):
        super().__init__()
        self.student_path, self.student_io = student_path, student_io
        self.teacher_path, self.teacher_io = teacher_path, teacher_io
        self.temperature = temperature

    def forward(self, student_io_dict, teacher_io_dict, *args, **kwargs):
        z_s = student_io_dict[self.student_path][self.student_io]
        z_t = teacher_io_dict[self.teacher_path][self.teacher_io]
        return nn.functional.kl_div(torch.log_softmax(z_s / self.temperature, dim=1),
                                    torch.softmax(z_t / self.temperature, dim=1), reduction="batchmean")
