# Synthetic rewrite of the shape of sambarba99/spare-time-projects:python/_artificial_intelligence_machine_learning/knowledge_distillation/main.py at 9cca64ae8a93c5d1bba03fe65b37d2e00ccd5350 (licence NOASSERTION); not the original text.
"""Distilling a large CIFAR-10 convnet into a small one with softened targets."""
import torch
import torch.nn.functional as F
from sklearn.metrics import f1_score

TEMPERATURE = 4.0  # softening temperature
MIX = 0.3      # weight of the hard-label term
DEVICE = "cuda" if torch.cuda.is_available() else "cpu"


def distil(teacher, student, loader, epochs=50):
    opt = torch.optim.Adam(student.parameters())
    teacher.eval()
    for _ in range(epochs):
        student.train()
        for images, labels in loader:
            images, labels = images.to(DEVICE), labels.to(DEVICE)
            with torch.no_grad():
                t_logits = teacher(images)
            s_logits = student(images)
            soft_teacher = F.softmax(t_logits / TEMPERATURE, dim=-1)
            log_soft_student = F.log_softmax(s_logits / TEMPERATURE, dim=-1)
            hard = F.cross_entropy(s_logits, labels)
            soft = F.kl_div(log_soft_student, soft_teacher, reduction="batchmean") * TEMPERATURE * TEMPERATURE
            loss = MIX * hard + (1 - MIX) * soft
            opt.zero_grad()
            loss.backward()
            opt.step()


def report(model, test_loader, names):
    model.eval()
    images, labels = next(iter(test_loader))
    with torch.no_grad():
        logits = model(images.to(DEVICE)).cpu()
    preds = logits.argmax(1)
    print("weighted F1", f1_score(labels, preds, average="weighted"))
    plot_confusion(labels, preds, names)
    confidence = F.softmax(logits, dim=-1).max(1).values * 100
    return confidence
