# Synthetic rewrite of the shape of housujuan123/Logo-FSCIL:FAM-Logo/models/FAM_inc32/helper.py at c624c183ca00cc6c97110496a3be9331511bd099 (licence NOASSERTION); not the original text.
from difflib import SequenceMatcher

import numpy as np
import torch
import torch.nn.functional as F
from PIL import Image


@torch.no_grad()
def evaluate_with_clip_and_ocr(model, loader, n_seen, n_base, class_names, text_features_matrix,
                               clip_model, clip_pre, ocr, device="cuda"):
    """Logo FSCIL test: backbone logits + OCR string match + CLIP image-text cosine, summed."""
    model.eval()
    clip_model.eval()
    hits, total = 0, 0
    for images, labels, paths in loader:
        images, labels = images.to(device), labels.to(device)
        logits = 0.05 * model(images)[:, :n_seen]
        ocr_scores = torch.zeros(len(paths), n_seen)
        img_feats = torch.zeros(len(paths), 512, device=device)
        for j, p in enumerate(paths):
            text = "".join(ocr.readtext(p, detail=0))
            for k in range(n_seen):
                ocr_scores[j, k] = SequenceMatcher(None, text.lower(), class_names[k].lower()).ratio()
            img = clip_pre(Image.open(p)).unsqueeze(0).to(device)
            img_feats[j] = clip_model.encode_image(img).float()
        top = ocr_scores.argsort(dim=1, descending=True)
        ocr_bonus = torch.zeros_like(ocr_scores)
        ocr_bonus.scatter_(1, top[:, :1], 0.2)
        ocr_bonus.scatter_(1, top[:, 1:3], 0.1)
        clipscore = F.cosine_similarity(img_feats.unsqueeze(1), text_features_matrix.unsqueeze(0), dim=2)
        clipscore = clipscore.cpu().numpy()
        clip_logit = torch.zeros(len(paths), n_seen)
        clip_logit[:, :n_base] = torch.from_numpy(np.log(2 * clipscore / (1 - 2 * clipscore))[:, :n_base])
        fused = logits + ocr_bonus.to(device) + 0.75 * 0.5 * clip_logit.to(device)
        hits += (fused.argmax(1) == labels).sum().item()
        total += labels.numel()
    return hits / total
