# Synthetic rewrite of the shape of gitfabianmeyer/ood-detection:scripts/papercheck/mcm.py at d5a4bb515bb84dee03b534e0f3259f43d94baf05 (licence MIT); not the original text.
import logging

import clip
import numpy as np
import torch
from torch.utils.data import DataLoader

from ood_detection.classification_utils import zeroshot_classifier
from ood_detection.config import Config
from zeroshot.classification import get_cosine_similarity_matrix_for_normed_features
from zoc.utils import get_auroc_for_max_probs

log = logging.getLogger(__name__)


@torch.no_grad()
def clip_max_softmax_auroc(clip_model, in_set, out_set, temperature):
    # text prompts per class -> unit-length CLIP text embeddings, one column per class
    prompt_bank = zeroshot_classifier(in_set.classes, in_set.templates, clip_model)

    max_scores = []
    for ds in (in_set, out_set):
        collected = []
        for images, _ in DataLoader(ds, batch_size=4, shuffle=False):
            emb = clip_model.encode_image(images.to(Config.DEVICE))
            emb = emb / emb.norm(dim=-1, keepdim=True)
            collected.append(emb)
        collected = torch.cat(collected)
        # image/text cosine, sharpened by the temperature, then a softmax over classes
        sims = get_cosine_similarity_matrix_for_normed_features(collected, prompt_bank, temperature)
        probs = sims.softmax(dim=-1)
        max_scores.extend(probs.cpu().max(dim=-1).values)

    max_scores = torch.stack(max_scores)
    is_ood = torch.tensor([0] * len(in_set) + [1] * len(out_set), dtype=torch.float)
    auroc = get_auroc_for_max_probs(is_ood, max_scores)
    log.info("MCM AUROC %.3f", auroc)
    return auroc


@torch.no_grad()
def run(in_cls, out_cls, temperature):
    model, preprocess = clip.load(Config.VISION_MODEL)
    in_set = in_cls(Config.DATAPATH, transform=preprocess, split="test")
    out_set = out_cls(Config.DATAPATH, transform=preprocess, split="test")
    score = clip_max_softmax_auroc(model, in_set, out_set, temperature)
    return {"clip": float(np.mean(score)), "temp": temperature}
