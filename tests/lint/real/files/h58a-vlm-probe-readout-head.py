# Synthetic rewrite of the shape of hanoi0126/vlm-analysis:src/probing/readout_intervention.py at c224e1572f8fc6a4475029bcec5788038e043ad7 (licence NOASSERTION); not the original text.
"""Swap the language-model head for a trained probe and see whether decoding improves.

The probe's class rows act as a tiny head: hidden states are scored against them,
and the class scores are written into the vocabulary slots of the class tokens;
every other token gets -inf so generation can only pick a class word.
"""
import numpy as np
import torch
from torch import nn


class ClassRowHead(nn.Module):
    def __init__(self, rows, token_ids, vocab_size, device="cpu"):
        super().__init__()
        rows = torch.as_tensor(np.asarray(rows)).float()
        self.register_buffer("slots", torch.tensor(token_ids, dtype=torch.long, device=device))
        self.vocab_size = vocab_size
        self.scorer = nn.Linear(rows.shape[1], rows.shape[0], bias=False)
        self.scorer.weight.data = rows.to(device)
        self.scorer.weight.requires_grad_(False)

    def forward(self, hidden):
        class_scores = self.scorer(hidden)  # (..., n_classes)
        shape = class_scores.shape[:-1] + (self.vocab_size,)
        full = torch.full(shape, float("-inf"), dtype=class_scores.dtype, device=class_scores.device)
        full[..., self.slots] = class_scores
        return full


@torch.no_grad()
def decode_with_probe(model, batches, rows, token_ids, vocab_size, device="cuda"):
    saved = model.lm_head
    model.lm_head = ClassRowHead(rows, token_ids, vocab_size, device=device)
    hits = total = 0
    try:
        for inputs, gold in batches:
            out = model.generate(**inputs, max_new_tokens=1, do_sample=False)
            pred = out[:, -1]
            hits += (pred.cpu() == torch.as_tensor(gold)).sum().item()
            total += len(gold)
    finally:
        model.lm_head = saved
    return hits / max(total, 1)
