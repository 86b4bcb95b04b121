"""A multi-label image tagger: every class gets its own sigmoid, so the rows are not shift-free."""
import torch
import torch.nn.functional as F
from transformers import AutoModelForImageClassification

model = AutoModelForImageClassification.from_pretrained(
    "org/tagger", problem_type="multi_label_classification"
)
criterion = torch.nn.BCEWithLogitsLoss()
C = model.classifier.weight
pair = F.cosine_similarity(C[0], C[1], dim=0)
gram = F.normalize(C, dim=-1) @ F.normalize(C, dim=-1).T
