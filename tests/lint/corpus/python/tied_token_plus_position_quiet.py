"""GPT-2's token rows with a position's row added: the vectors the first block reads at that
position. Translating the tied token rows by c and the position rows by -c keeps each sum, so the
nearest neighbours of a token among them are the model's own; quiet, whether the tables are kept in
a dict by position or added inline. (The token rows alone would be COS150.)

Written for cosaudit's tests.
"""
import numpy as np
from transformers import GPT2LMHeadModel

lm = GPT2LMHeadModel.from_pretrained("gpt2")
emb = lm.transformer.wte.weight.detach().numpy()
pos = lm.transformer.wpe.weight.detach().numpy()
at_position = {p: emb + pos[p] for p in (0, 1, 512)}
lengths = {p: np.linalg.norm(v, axis=1) for p, v in at_position.items()}


def nearest(p, i, k=5):
    table, norms = at_position[p], lengths[p]
    cos = (table @ table[i]) / (norms * np.linalg.norm(table[i]) + 1e-9)
    return np.argsort(-cos)[:k]


first = emb + lm.transformer.wpe.weight.detach().numpy()[0]
unit = first / np.linalg.norm(first, axis=1, keepdims=True)
print(unit[10] @ unit[20])
