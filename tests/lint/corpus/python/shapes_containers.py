# expect: COS301
"""Head rows kept in containers and similarity functions kept under new names (real code: model
tables in nested dicts, `cs = F.cosine_similarity`), and their look-alikes, which stay quiet."""
import numpy as np
import torch
from transformers import AutoModel, AutoModelForCausalLM

cs = torch.nn.functional.cosine_similarity
la = np.linalg

# tables of several checkpoints: a dict of dicts filled in a loop, read back by name
tables = {}
for short, name in {"pythia": "EleutherAI/pythia-70m", "p160": "EleutherAI/pythia-160m"}.items():
    lm = AutoModelForCausalLM.from_pretrained(name)
    entry = {"in": lm.get_input_embeddings().weight.detach()}
    entry["out"] = lm.embed_out.weight.detach()
    tables[short] = entry

rows_out = tables["pythia"]["out"]
pairs = torch.randint(0, rows_out.shape[0], (5000, 2))
cone = cs(rows_out[pairs[:, 0]], rows_out[pairs[:, 1]], dim=1).mean()  # expect: COS101
heads = {}
heads["p410"] = AutoModelForCausalLM.from_pretrained("EleutherAI/pythia-410m").embed_out.weight
u = heads["p410"]
print(u[10] @ u[20] / (la.norm(u[10]) * la.norm(u[20])))  # expect: COS101

# quiet: the untied input table of the same dict, hidden states under the alias
rows_in = tables["pythia"]["in"]
print(cs(rows_in[pairs[:, 0]], rows_in[pairs[:, 1]], dim=1).mean())
enc = AutoModel.from_pretrained("bert-base-uncased")
states = {"cls": enc(**batch).last_hidden_state[:, 0]}
print(cs(states["cls"][0], states["cls"][1], dim=0))

# quiet: the name bound to something else later is a plain helper again
cs = lambda a, b, dim=0: (a - b).norm(dim=dim)  # noqa: E731
print(cs(rows_out[1], rows_out[2]))
