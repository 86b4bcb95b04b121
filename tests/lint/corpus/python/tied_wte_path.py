"""Control tokens of a small byte-level GPT checked against the ordinary bytes: the model comes from a
local loader and is never named, but `transformer.wte` is GPT-2's and nanoGPT's path to the token table,
which those models tie to the head beside learned positions: the rows compared are the head's rows.

Shape seen in public probes of small GPTs trained with nanoGPT; written for cosaudit's tests.
"""
import torch.nn.functional as F
from helpers import load

model, tok = load()
table = model.transformer.wte.weight.detach()

for special in range(256, 260):
    sims = F.cosine_similarity(table[special : special + 1], table[:256], dim=1)  # expect: COS150
    best = sims.topk(3)
    print(special, [tok.decode([int(i)]) for i in best.indices])

gaps = (table[256:260, None] - table[None, :256]).norm(dim=-1)  # distances: a translation leaves them
