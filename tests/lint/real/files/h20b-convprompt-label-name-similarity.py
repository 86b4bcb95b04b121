# Synthetic rewrite of the shape of CVIR/ConvPrompt:attribute_matching.py at 73ed2055be4b440df4d48210031bcaab9b632d00 (licence MIT); not the original text.
import json
import math
import os

import torch
from sentence_transformers import SentenceTransformer, util

_ENCODER = None


def phrase_overlap(old_phrases, new_phrases):
    """For each old phrase, its best cosine match among new phrases; averaged."""
    global _ENCODER
    if _ENCODER is None:
        _ENCODER = SentenceTransformer("whaleloops/phrase-bert")
    enc_old = _ENCODER.encode(old_phrases, convert_to_tensor=False)
    enc_new = _ENCODER.encode(new_phrases, convert_to_tensor=False)
    similarity = util.cos_sim(enc_old, enc_new)
    best, _ = torch.max(similarity, dim=1)
    return torch.mean(best)


def prompts_for_new_task(class_mask, task_id, budget, descriptor_file):
    """Fewer fresh prompts when the new task's class names resemble earlier ones."""
    if task_id == 0:
        return budget
    if not os.path.exists(descriptor_file):
        raise FileNotFoundError(descriptor_file)
    names = list(json.load(open(descriptor_file)).keys())
    seen = [names[c] for t in range(task_id) for c in class_mask[t]]
    fresh = [names[c] for c in class_mask[task_id]]
    overlap = phrase_overlap(seen, fresh)
    print("label-name similarity", float(overlap), "task", task_id)
    return math.ceil((1 - overlap) * budget)
