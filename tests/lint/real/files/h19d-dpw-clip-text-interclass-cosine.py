# Synthetic rewrite of the shape of YonseiML/dpw:DPW/DPW.py at a2f1ffc8ef440b5b5952dc58d25f9502e1baa4b1 (licence NOASSERTION); not the original text.
from collections import defaultdict

import torch


class TaskDifficultyProbe:
    """Score how fine-grained a new task is for a frozen CLIP model."""

    def __init__(self, clip_wrapper, device):
        self.net = clip_wrapper
        self.device = device

    @torch.no_grad()
    def fine_grainedness(self, loader):
        # zero-shot classifier: one fixed prompt embedding per class name
        text_features = self.net.prompt_processor.fixed_embeddings
        text_features = text_features / text_features.norm(dim=-1, keepdim=True)

        per_class = defaultdict(list)
        hits, seen = 0, 0
        for images, labels in loader:
            images, labels = images.to(self.device), labels.to(self.device)
            img = self.net.image_encoder_ori(images.type(self.net.dtype))[0]
            img = img / img.norm(dim=-1, keepdim=True)
            hits += ((img @ text_features.T).argmax(1) == labels).sum().item()
            seen += labels.numel()
            for c in labels.unique():
                per_class[int(c)].append(img[labels == c])
        zero_shot_acc = hits / seen

        intra, centres = [], []
        for c, chunks in per_class.items():
            feats = torch.cat(chunks)
            gram = feats @ feats.t()
            off = ~torch.eye(len(feats), dtype=torch.bool, device=feats.device)
            intra.append(gram[off].mean().item())
            m = feats.mean(0)
            centres.append(m / m.norm())
        intra_spread = 1 - sum(intra) / len(intra)

        centres = torch.stack(centres)
        off = ~torch.eye(len(centres), dtype=torch.bool, device=centres.device)
        image_spread = 1 - (centres @ centres.t())[off].mean().item()

        cosine_sim_matrix_text = torch.mm(text_features, text_features.t())
        text_spread = 1 - cosine_sim_matrix_text[off].mean().item()

        ease = ((image_spread + text_spread) / 2) / (intra_spread + 10 / len(text_features))
        return ease / zero_shot_acc
