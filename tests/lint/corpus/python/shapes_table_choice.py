# expect: COS301
"""A helper that returns one of a model's token tables, chosen by an argument (`which`): the input
table, the output head, or both side by side. Whatever the first `return` gives, the head's rows may be
what the caller compares, so the cosines of its rows are the head's (COS101). Quiet: a helper that only
ever returns the input table of a rotary model, which is not tied to its head.

Shapes seen in public vocabulary-clustering scripts; written for cosaudit's tests.
"""
import torch
from transformers import AutoModelForCausalLM


def token_table(model, which):
    if which == "input":
        return model.get_input_embeddings().weight.data.clone()
    return model.get_output_embeddings().weight.data.clone()


def input_table(model):
    return model.get_input_embeddings().weight.data.clone()


def pairwise_cosine_distance(table):
    t = torch.nn.functional.normalize(table.float(), dim=1)
    return 1.0 - t @ t.T


lm = AutoModelForCausalLM.from_pretrained("mistralai/Mistral-7B-v0.1")
dist = pairwise_cosine_distance(token_table(lm, "output"))  # expect: COS101
inputs_only = pairwise_cosine_distance(input_table(lm))
