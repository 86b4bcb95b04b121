"""Quiet twin of tied_unnamed_masked_lm.py: the masked LM the file means is named, and it is DeBERTa-v3
(relative positions: the token table is fixed by the inputs), or the model loaded by an unnamed
checkpoint is a causal LM (most new ones untie their head or use rotary positions), or the nearest rows
are found by Euclidean distance between token rows, which a shared translation leaves alone.

Written for cosaudit's tests.
"""
import torch
from transformers import AutoModelForCausalLM, AutoModelForMaskedLM

DEFAULT = "microsoft/deberta-v3-base"


def nearest_deberta_tokens(vectors, checkpoint=DEFAULT):
    table = AutoModelForMaskedLM.from_pretrained(checkpoint).get_input_embeddings().weight
    return [int(torch.argmax(torch.nn.functional.cosine_similarity(v[None], table, dim=-1))) for v in vectors]


def nearest_causal_tokens(vectors, checkpoint):
    table = AutoModelForCausalLM.from_pretrained(checkpoint).get_input_embeddings().weight
    return [int(torch.argmax(torch.nn.functional.cosine_similarity(v[None], table, dim=-1))) for v in vectors]


def nearest_other_token(checkpoint):
    table = AutoModelForMaskedLM.from_pretrained(checkpoint).get_input_embeddings().weight
    distances = torch.cdist(table, table)
    return distances.argmin(dim=1)
