# Synthetic rewrite of the shape of Alibaba-MIIL/HeadSharingKD:kd_teacher_head/kdth.py at 8e2738bf069c7d12ec933f9b9107f267f7b6603a (licence BSD-2-Clause); not the original text.
import torch.nn as nn
import torch.nn.functional as F


class StudentWithFrozenTeacherHead(nn.Module):
    """Student backbone plus a frozen copy of the teacher's classifier applied to the student's features."""

    def __init__(self, student, teacher, seed_student_head=False):
        super().__init__()
        self.student = student
        self.frozen_head = nn.Linear(teacher.fc.in_features, teacher.fc.out_features)
        for p in (self.frozen_head.weight, self.frozen_head.bias, teacher.fc.weight, teacher.fc.bias):
            p.requires_grad = False
        self.frozen_head.weight.copy_(teacher.fc.weight)
        self.frozen_head.bias.copy_(teacher.fc.bias)
        if seed_student_head:
            flags = (student.fc.weight.requires_grad, student.fc.bias.requires_grad)
            student.fc.weight.requires_grad = student.fc.bias.requires_grad = False
            student.fc.weight.copy_(teacher.fc.weight)
            student.fc.bias.copy_(teacher.fc.bias)
            student.fc.weight.requires_grad, student.fc.bias.requires_grad = flags

    def forward(self, x, is_feat=False, preact=False):
        if not is_feat:
            return self.student(x)
        feats, logits = self.student(x, is_feat=True, preact=preact)
        return feats, [logits, self.frozen_head(feats[-1])]


class TeacherHeadKD(nn.Module):
    def __init__(self, T=4.0):
        super().__init__()
        self.T = T

    def forward(self, student_outs, teacher_logits):
        through_teacher_head = student_outs[1]
        target = F.softmax(teacher_logits / self.T, dim=1)
        log_p = F.log_softmax(through_teacher_head / self.T, dim=1)
        return F.kl_div(log_p, target, reduction="sum") * self.T ** 2 / teacher_logits.shape[0]


class EmbeddingKD(nn.Module):
    def forward(self, emb_s, emb_t):
        a = F.normalize(emb_s, p=2.0, dim=1)
        b = F.normalize(emb_t, p=2.0, dim=1)
        return nn.MSELoss(reduction="sum")(a, b)
