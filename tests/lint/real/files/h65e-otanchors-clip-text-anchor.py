# Synthetic rewrite of the shape of Hezi519/Optimal-Transport-Anchors-for-Robust-Noisy-Domain-Generalization:domainbed/algorithms.py at 1123e10b23576b8bdfdd614feb81bacb0594b7df (licence MIT); not the original text.
import torch
import torch.nn as nn
import torch.nn.functional as F


class TextAnchoredERM(nn.Module):
    """ERM for noisy domain generalisation with per-class text anchors from CLIP."""

    def __init__(self, featurizer, n_classes, lr=5e-5, temperature=1.0):
        super().__init__()
        self.featurizer = featurizer
        self.classifier = nn.Linear(featurizer.n_outputs, n_classes)
        self.n_classes = n_classes
        self.temperature = temperature
        self.lr = lr
        self.anchors = None
        self.projectors = None

    def build_anchors(self, class_names, clip_module, device="cpu"):
        model, _ = clip_module.load("RN50", device)
        vectors = []
        for name in class_names:
            tokens = clip_module.tokenize([f"a picture of a {name}"]).to(device)
            with torch.no_grad():
                vectors.append(model.encode_text(tokens).mean(0))
        self.anchors = torch.stack(vectors)                       # (classes, text_dim), CLIP text space
        self.projectors = nn.ModuleList(
            [nn.Linear(self.featurizer.n_outputs, self.anchors.size(1)) for _ in range(self.n_classes)]
        )
        params = list(self.featurizer.parameters()) + list(self.classifier.parameters())
        self.opt = torch.optim.Adam(params + list(self.projectors.parameters()), lr=self.lr)

    def anchor_alignment(self, feats, labels):
        per_sample = torch.stack([
            -F.cosine_similarity(self.projectors[c](f), self.anchors[c], dim=0)
            for f, c in zip(feats, labels.tolist())
        ])
        weights = F.softmax(-per_sample.detach() * self.temperature, dim=0)
        return (per_sample * weights).sum(), weights

    def update(self, x, y):
        feats = self.featurizer(x)
        ce = F.cross_entropy(self.classifier(feats), y, reduction="none")
        align, w = self.anchor_alignment(feats, y)
        loss = (ce * w).sum() + align
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()
