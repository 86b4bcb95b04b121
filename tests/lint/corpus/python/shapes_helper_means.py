# expect: COS301
"""A helper that averages some rows of its parameter (a word's sub-token rows) and returns the unit
average: given the head's rows, each call returns a label vector like a row, and the product of two
calls is a number a shift of the head moves. Given hidden states or features, the same helper
averages those and stays quiet.

Shapes seen in public subliminal-learning scripts; written for cosaudit's tests.
"""
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

lm = AutoModelForCausalLM.from_pretrained("org/causal-lm")
tok = AutoTokenizer.from_pretrained("org/causal-lm")
head = lm.lm_head.weight.detach().float()


def unit_mean_row(rows, ids):
    v = torch.stack([rows[i] for i in ids]).mean(0)
    return v / v.norm()


def ids_of(word):
    return tok.encode(" " + word, add_special_tokens=False)


owl = unit_mean_row(head, ids_of("owl"))
eagle = unit_mean_row(head, ids_of("eagle"))
print(owl @ eagle)  # expect: COS101
birds = torch.stack([unit_mean_row(head, ids_of(b)) for b in ("owl", "eagle", "heron")])
numbers = [unit_mean_row(head, ids_of(f"{n:03d}")) for n in range(100)]
scores = [(birds @ q).mean().item() for q in numbers]  # expect: COS101

hidden = lm(**tok("an owl", return_tensors="pt"), output_hidden_states=True).hidden_states[-1][0]
a = unit_mean_row(hidden, [0, 1])
b = unit_mean_row(hidden, [1, 2])
print(a @ b)  # hidden states averaged: quiet
