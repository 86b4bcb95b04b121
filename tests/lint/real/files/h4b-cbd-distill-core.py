# cosaudit corpus, synthetic file: same shape as rahulvigneswaran/Class-Balanced-Distillation-for-Long-Tailed-Visual-Recognition.pytorch/libs/core/CBDistillCE.py at c71228fe3651c5b71f45a09f5ef0b6ec3ba7aefd (licence NOASSERTION); new code, no text copied.
import torch
import torch.nn.functional as F


class DistilledStudent:
    """Student trained with cross-entropy plus a cosine match to frozen teachers' features."""

    def __init__(self, networks, criterions, weights):
        self.networks = networks          # feat_model, classifier, optional converter, teachers...
        self.criterions = criterions
        self.weights = weights

    def batch_forward(self, inputs, labels, phase="train"):
        feats = F.normalize(self.networks["feat_model"](inputs), p=2, dim=1)
        student = feats
        if "converter" in self.networks:
            student = F.normalize(self.networks["converter"](feats), p=2, dim=1)

        if phase == "train":
            teacher_feats = [F.normalize(net(inputs), p=2, dim=1)
                             for name, net in self.networks.items() if name.startswith("teacher")]
            self.teacher = F.normalize(torch.hstack(teacher_feats), p=2, dim=1)
        self.student = student
        self.logits = self.networks["classifier"](feats, labels)

    def batch_loss(self, labels):
        loss = self.criterions["CE"](self.logits, labels) * self.weights["CE"]
        distill = self.criterions["Distill"](self.student, self.teacher)
        return loss + distill * self.weights["Distill"]
