# expect: COS301
"""Rows picked by any index expression, and similarities that never reach a variable.

Shapes seen in public notebooks; written for cosaudit's tests.
"""
import numpy as np
import torch
import torch.nn.functional as F
from sklearn.metrics.pairwise import cosine_similarity
from transformers import AutoModelForCausalLM, AutoTokenizer

model = AutoModelForCausalLM.from_pretrained("org/causal-lm")
tok = AutoTokenizer.from_pretrained("org/causal-lm")
W = model.lm_head.weight

# %% one row per index expression
s1 = F.cosine_similarity(W[tok.encode(" dog")[0]], W[tok.encode(" cat")[0]], dim=0)  # expect: COS101
s2 = F.cosine_similarity(W[tok.convert_tokens_to_ids("dog")], W[tok.convert_tokens_to_ids("cat")], dim=0)  # expect: COS101
s3 = F.cosine_similarity(W[model.to_single_token(" love")], W[model.to_single_token(" hate")], dim=0)  # expect: COS101
s4 = F.cosine_similarity(W[f(1)], W[f(2)], dim=0)  # expect: COS101
ids = {"owl": 3, "cat": 7}
s5 = F.cosine_similarity(W[ids["owl"]], W[ids["cat"]], dim=0)  # expect: COS101
s6 = F.cosine_similarity(W[d[a]], W[d[b]], dim=0)  # expect: COS101
s7 = cosine_similarity(W[[3]].detach().numpy(), W[[7]].detach().numpy())  # expect: COS101

# %% selections of rows: comprehensions, lists, slices, index_select, gather, embedding
animal_ids = [tok.convert_tokens_to_ids(w) for w in words]
A = W[animal_ids]
g1 = F.cosine_similarity(A[:, None, :], A[None, :, :], dim=-1)  # expect: COS101
B = W[[3, 7, 11]]
g2 = F.normalize(B, dim=-1) @ F.normalize(B, dim=-1).T  # expect: COS101
C = W[10:20]
g3 = C @ C.T  # expect: COS102
S = torch.index_select(W, 0, torch.tensor(animal_ids))
g4 = F.cosine_similarity(S.unsqueeze(1), S.unsqueeze(0), dim=-1)  # expect: COS101
E = F.embedding(torch.tensor(animal_ids), W)
g5 = E @ E.T  # expect: COS102
G = W.gather(0, idx)
g6 = G @ G.T  # expect: COS102
R = W[torch.tensor(animal_ids)]
g7 = cosine_similarity(R.numpy())  # expect: COS101

# %% similarities that never reach a variable
scores = []
for a, b in pairs:
    scores.append(F.cosine_similarity(W[a], W[b], dim=0).item())  # expect: COS101
out = {}
out[k] = F.cosine_similarity(W[i], W[j], dim=0)  # expect: COS101
print(f"{F.cosine_similarity(W[i], W[j], dim=0).item():.3f}")  # expect: COS101
vals = [F.cosine_similarity(W[x], W[y], dim=0) for x, y in pairs]  # expect: COS101


def pair_similarity(i, j):
    return F.cosine_similarity(W[i], W[j], dim=0)  # expect: COS101


table = {w: torch.dot(W[ids[w]], W[ids["cat"]]).item() for w in ids}  # expect: COS102
np.save("similarities.npy", np.array(scores))  # expect: COS103

# %% other spellings of the head and of the cosine
seq = AutoModelForSequenceClassification.from_pretrained("org/classifier")
S = seq.score.weight
o1 = util.pytorch_cos_sim(S[0], S[1])  # expect: COS101
R = seq.classifier.out_proj.weight
o2 = np.corrcoef(R.detach().numpy())  # expect: COS101


# %% the same head-like name holding the tensor itself: rows picked by an index are label rows
def pair_score(head_weights, a, b):
    return head_weights[a] @ head_weights[b]  # expect: COS102


pair_score(model.lm_head.weight, 3, 4)


# %% rows picked by a variable named for several ids, then one of them picked again
token_ids = tok.convert_tokens_to_ids(vocab_words)
picked = W[token_ids]
table = torch.zeros(len(token_ids), len(token_ids))
for i in range(len(token_ids)):
    for j in range(len(token_ids)):
        table[i, j] = F.cosine_similarity(picked[i], picked[j], dim=0)  # expect: COS101
idx = tok.convert_tokens_to_ids("dog")
one = W[idx]
one_dims = F.cosine_similarity(one[:10], one[10:20], dim=0)  # hidden dimensions of one row


# %% rows picked by calls on a head obtained through get_output_embeddings()
out_emb = model.get_output_embeddings()
o1 = F.cosine_similarity(out_emb.weight[tok.encode(" dog")[0]], out_emb.weight[tok.encode(" cat")[0]], dim=0)  # expect: COS101
O = model.get_output_embeddings().weight.detach()
o2 = [F.cosine_similarity(O[ids[a]], O[ids[b]], dim=0).item() for a, b in [("owl", "cat")]]  # expect: COS101
in_emb = model.get_input_embeddings()
o3 = F.cosine_similarity(in_emb.weight[tok.encode(" dog")[0]], in_emb.weight[tok.encode(" cat")[0]], dim=0)
