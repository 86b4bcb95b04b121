"""Analogy queries `W[b] - W[a] + W[c]` ranked against every row of an LM head by cosine (COS120:
the row norms change under a translation of the head), in the file, through a helper (also one
that builds an embedding table of its argument), and over a dict of tables looped with `.items()`.
Input-embedding tables and hidden-state queries stay quiet. Written for cosaudit's corpus; nothing
here is copied from elsewhere.
"""

import torch
import torch.nn.functional as F


def closest(emb_matrix, query, k=5):
    cs = torch.nn.CosineSimilarity(dim=1)
    return cs(emb_matrix, query.unsqueeze(0)).topk(k)


def solve(emb_matrix, tok, a, b, c):
    rows = [emb_matrix[tok.encode(w, add_special_tokens=False)[0]] for w in (a, b, c)]
    return closest(emb_matrix, rows[1] - rows[0] + rows[2])


def delta(table, ids, k=5):
    nemb = torch.nn.Embedding.from_pretrained(F.normalize(table, dim=-1), freeze=True)
    va, vb, vc = nemb(torch.tensor(ids))
    return (nemb.weight @ F.normalize(vb - va + vc, dim=-1)).topk(k)


W = model.get_output_embeddings().weight.detach()
q = W[king] - W[man] + W[woman]
E = model.get_input_embeddings().weight.detach()
qe = E[king] - E[man] + E[woman]
direct = F.cosine_similarity(W, q[None, :], dim=1).topk(5)  # expect: COS120
helped = closest(W, W[paris] - W[france] + W[italy])  # expect: COS120
tables = {
    "input": model.get_input_embeddings().weight.detach(),
    "output": model.get_output_embeddings().weight.detach(),
}
for name, table in tables.items():
    print(name, solve(table, tok, "man", "king", "woman"))  # expect: COS120
by_table = delta(W, [man, king, woman])  # expect: COS120
for name in tables:
    print(name, closest(tables[name], q))  # expect: COS120
picked = closest(tables["input"], qe)  # quiet: the input table, picked by its key

# quiet: the input-embedding table alone, and a hidden state as the query
in_direct = F.cosine_similarity(E, qe[None, :], dim=1).topk(5)
inputs = {"input": E, "input_norm": F.normalize(E, dim=-1)}
for name, table in inputs.items():
    print(name, solve(table, tok, "man", "king", "woman"))
hidden = model(ids).hidden_states[-1][0, -1]
by_state = closest(W, hidden)
in_table = delta(E, [man, king, woman])
