# Synthetic rewrite of the shape of yzd-v/cls_KD:mmcls/models/classifiers/distiller.py at 1e5d48f36957ee460d39d7ebc592c6cc7f8f3d66 (licence Apache-2.0); not the original text.
import torch
import torch.nn as nn


class TwoNetDistiller(nn.Module):
    """Student/teacher wrapper: plain CE for the student plus a bag of distillation terms."""

    def __init__(self, student, teacher, kd_terms: nn.ModuleDict, with_logits=True):
        super().__init__()
        self.student = student
        self.teacher = teacher.eval()
        self.kd_terms = kd_terms
        self.with_logits = with_logits

    def _student_logits(self, feats):
        z = feats
        if self.student.with_neck:
            z = self.student.neck(z)
        z = self.student.head.pre_logits(z)
        return self.student.head.fc(z)

    def loss(self, images, targets):
        s_feats = self.student.extract_feat(images, stage="backbone")
        s_logits = self._student_logits(s_feats)
        out = {"ce": self.student.head._get_loss(s_logits, targets)}

        with torch.no_grad():
            t_feats = self.teacher.extract_feat(images, stage="backbone")
            t_logits = self.teacher.head.fc(self.teacher.head.pre_logits(self.teacher.neck(t_feats)))

        names = set(self.kd_terms.keys())
        if "srrl" in names and self.with_logits:
            term = self.kd_terms["srrl"]
            # push the student's last feature map through the *teacher's* classifier
            aligned = term.project(s_feats[-1])
            st_logits = self.teacher.head.fc(self.teacher.head.pre_logits(self.teacher.neck(aligned)))
            out["srrl"] = term(aligned, t_feats[-1], st_logits, t_logits)

        if "dkd" in names:
            out["dkd"] = self.kd_terms["dkd"](s_logits, t_logits, targets)
        if "kd" in names:
            out["kd"] = self.kd_terms["kd"](s_logits, t_logits)
        if "nkd" in names:
            out["nkd"] = self.kd_terms["nkd"](s_logits, t_logits, targets)
        return out
