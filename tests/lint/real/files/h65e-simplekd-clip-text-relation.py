# Synthetic rewrite of the shape of zhyx12/SimpleKD:RobustKD/robustkd/trainers/trainer_clip_distill.py at 6349abb68cb91d34a9568735bd9aac556e1e93a3 (licence NOASSERTION); not the original text.
import torch
import torch.nn.functional as F


class ClipDistillTrainer:
    """Distil a CLIP-LoRA teacher into a student for domain adaptation; soft targets can
    come from similarities between the CLIP text embeddings of the class names."""

    def __init__(self, model, class_names, target_kinds=("fixed",), temps=(0.07,)):
        self.model = model
        text = model.encode_class_prompts(class_names)         # (C, 512) CLIP text features
        text = text / text.norm(dim=-1, keepdim=True)
        self.text_classes = text.detach()
        self.relation = self.text_classes @ self.text_classes.t()
        self.relation_soft = torch.softmax(self.relation / 0.17, dim=-1)
        self.target_kinds = target_kinds
        self.temps = temps

    def soft_targets(self, kind, temp, labels, teacher_logits, teacher_text):
        if kind == "fixed":
            return self.relation[labels] / temp
        if kind == "dynamic":
            return teacher_logits / temp
        if kind == "dynamic_prototype":
            rel = teacher_text @ teacher_text.t() / temp       # current (adapted) text prototypes
            return rel[labels]
        raise NotImplementedError(kind)

    def step(self, images, labels):
        student_logits, teacher_logits, teacher_text = self.model(images, labels=labels)
        loss = F.cross_entropy(student_logits[0], labels)
        for i, (kind, temp) in enumerate(zip(self.target_kinds, self.temps)):
            target = self.soft_targets(kind, temp, labels, teacher_logits[i], teacher_text[i])
            loss = loss + F.kl_div(
                F.log_softmax(student_logits[i], dim=1), F.softmax(target, dim=1), reduction="batchmean"
            )
        return loss
