# Synthetic rewrite of the shape of mlfoundations/wise-ft:src/models/zeroshot.py at 58b7a4b343b09dc06606aa929c2ef51accced8d1 (licence MIT); not the original text.
"""Build a zero-shot linear head for an image classifier from CLIP text prompts."""
import torch

import clip.clip as clip
from src.models.modeling import ClassificationHead


@torch.no_grad()
def text_head(clip_model, class_names, prompt_fns, device="cuda"):
    clip_model.eval().to(device)
    rows = []
    for name in class_names:
        tokens = clip.tokenize([make(name) for make in prompt_fns]).to(device)
        emb = clip_model.encode_text(tokens)
        emb = emb / emb.norm(dim=-1, keepdim=True)     # each prompt on the unit sphere
        centre = emb.mean(dim=0)
        rows.append(centre / centre.norm())             # one unit vector per class
    weight = torch.stack(rows).float() * clip_model.logit_scale.exp()
    # the head normalises image features, so its logits are scaled cosines by construction
    return ClassificationHead(normalize=True, weights=weight)


def zero_shot_classifier(image_encoder, class_names, prompt_fns):
    head = text_head(image_encoder.model, class_names, prompt_fns)
    return torch.nn.Sequential(image_encoder, head)
