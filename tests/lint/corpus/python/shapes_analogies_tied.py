"""Analogies on a tied token table with learned positions: `wte[b] - wte[a] + wte[c]` moves with a
shared translation of the rows as a row does, so ranking every row by cosine against it compares
rows (COS150), shown or not: through a helper given the embedding module, and in the file. Quiet:
the same query ranked by Euclidean distance (the translation cancels), and a rotary model's table.

Shapes seen in public word-analogy notebooks on GPT-2; written for cosaudit's tests.
"""
import numpy as np
import torch
from sklearn.metrics.pairwise import cosine_similarity
from transformers import AutoModel, GPT2Model, GPT2Tokenizer

tokenizer = GPT2Tokenizer.from_pretrained("gpt2")
model = GPT2Model.from_pretrained("gpt2")


def row(word, layer):
    return layer.weight[tokenizer.encode(" " + word), :]


def nearest_by_cosine(query, layer):
    table = layer.weight.detach().numpy()
    scores = cosine_similarity(query.reshape(1, -1).detach().numpy(), table)
    return int(np.argmax(scores))


def nearest_by_distance(query, layer):
    return int(torch.norm(layer.weight - query, dim=1).argmin())


def analogy(a, b, c, layer, by_cosine=False):
    query = row(b, layer) - row(a, layer) + row(c, layer)
    if by_cosine:
        return tokenizer.decode([nearest_by_cosine(query, model.wte)])  # expect: COS150
    return tokenizer.decode([nearest_by_distance(query, model.wte)])


print(analogy("man", "king", "woman", model.wte, False))
print(analogy("man", "king", "woman", model.wte, True))

wte = model.wte.weight
target = wte[tokenizer.encode(" Paris")[0]] - wte[tokenizer.encode(" France")[0]] + wte[tokenizer.encode(" Italy")[0]]
unit = wte / wte.norm(dim=-1, keepdim=True)
best = (unit @ (target / target.norm())).argmax()  # expect: COS150

# quiet: a rotary model's token table is fixed by the inputs alone
llama = AutoModel.from_pretrained("meta-llama/Llama-3.2-1B")
table = llama.get_input_embeddings().weight
query = table[1] - table[2] + table[3]
rope_best = torch.nn.functional.cosine_similarity(table, query[None, :], dim=1).argmax()
