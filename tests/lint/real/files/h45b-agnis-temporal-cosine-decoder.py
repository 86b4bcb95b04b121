# Synthetic rewrite of the shape of swarajladke/Neural-Networks:v9_temporal_generation_probe.py at 59f5a42a289460bfa086b10b92ca78e351aa3361 (licence NOASSERTION); not the original text.
"""Decode a predictive-coding hierarchy by nearest unit token row.

The hierarchy emits a unit vector meant to match the next token's (normalised)
input row; decoding and sampling both score that vector against every unit row.
"""
import torch
import torch.nn.functional as F

TEMP = 0.8
STEPS = 60


def next_unit_vector(wrapper, unit_in):
    out = wrapper.stack.predict(unit_in, steps=1)
    return F.normalize(out[:, : wrapper.dim], dim=-1)


def greedy_ids(wrapper, unit_pred):
    table = F.normalize(wrapper.embedding.weight, dim=-1)
    return (unit_pred @ table.t()).argmax(dim=-1)


@torch.no_grad()
def sample(wrapper, tokenizer, prompt):
    ids = tokenizer.encode(prompt).ids or [0]
    wrapper.stack.reset(batch_size=1)
    for t in ids:
        next_unit_vector(wrapper, F.normalize(wrapper.embedding(torch.tensor([t])), dim=-1))

    table = F.normalize(wrapper.embedding.weight, dim=-1)
    for _ in range(STEPS):
        cur = F.normalize(wrapper.embedding(torch.tensor([ids[-1]])), dim=-1)
        scores = (next_unit_vector(wrapper, cur) @ table.t())[0] / TEMP
        ids.append(int(torch.multinomial(F.softmax(scores, dim=-1), 1)))
    return tokenizer.decode(ids)
