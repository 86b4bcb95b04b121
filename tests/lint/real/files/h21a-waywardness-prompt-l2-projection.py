# Synthetic rewrite of the shape of Alrope123/prompt-waywardness:model_util.py at c86d0c734fb88c18e08b2cf0da32fd95ad2530c4 (licence NOASSERTION); not the original text.
"""GPT-2 wrappers for prompt tuning, per-label head tuning, and snapping soft prompts to real tokens."""
import numpy as np
import torch
import torch.nn.functional as F
from transformers import GPT2LMHeadModel


class PromptTable(torch.nn.Module):
    def __init__(self, base, n_virtual, init="vocab"):
        super().__init__()
        self.base = base
        self.virtual = torch.nn.Embedding(n_virtual, base.embedding_dim)
        if init == "vocab":
            picks = np.random.permutation(4000)[:n_virtual]
            self.virtual.weight.data.copy_(base.weight.data[picks])

    def forward(self, ids):
        return F.embedding(ids, torch.cat([self.base.weight, self.virtual.weight], 0))

    def snap_to_vocab(self):
        """Replace each soft vector by its closest real token row (Euclidean)."""
        chosen, penalty = [], 0.0
        table = self.base.weight.data
        for vec in self.virtual.weight.data:
            distances = torch.linalg.norm(vec - table, dim=1)
            best = int(distances.argmin())
            chosen.append(best)
            penalty += float(distances[best] ** 2)
        self.virtual.weight.data.copy_(table[chosen])
        return chosen, penalty


class LabelOnlyHead(torch.nn.Module):
    """Keep only the output rows of the label words and fine-tune them."""

    def __init__(self, lm_head, label_token_ids):
        super().__init__()
        self.rows = torch.nn.Linear(lm_head.in_features, len(label_token_ids), bias=False)
        self.rows.weight.data.copy_(lm_head.weight.data[label_token_ids])

    def forward(self, h):
        return self.rows(h)


def with_prompt(model: GPT2LMHeadModel, n_virtual: int):
    model.transformer.set_input_embeddings(PromptTable(model.transformer.wte, n_virtual))
    return model


def with_label_head(model: GPT2LMHeadModel, label_token_ids):
    model.set_output_embeddings(LabelOnlyHead(model.lm_head, label_token_ids))
    return model
