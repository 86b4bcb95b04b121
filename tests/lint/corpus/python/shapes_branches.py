# cosaudit corpus: shapes of branches, lists and helpers
"""Heads chosen in if/else branches, kept in lists, multiplied through a deep linear head, found by
iterating a head's parameters, and indexed inside helpers.

Shapes seen in public neural-collapse and embedding-statistics code; written for cosaudit's tests.
"""
import torch
import torch.nn.functional as F
from transformers import AutoModelForCausalLM

model = AutoModelForCausalLM.from_pretrained("org/causal-lm")
net = torch.load("deep_linear.pt")
embed_w = model.get_input_embeddings().weight


# %% if/else: either branch may run, the head rows are kept
if hasattr(model, "lm_head"):
    head_w = model.lm_head.weight.float()
else:
    head_w = embed_w  # fallback
b1 = F.cosine_similarity(head_w[3], head_w[4], dim=0)  # expect: COS101
if hasattr(model, "lm_head"):
    U = model.lm_head.weight
    U = U / U.norm(dim=-1, keepdim=True)
else:
    U = model.lm_head.weight
b2 = U @ torch.randn(U.shape[1])  # expect: COS120

# negative: a hidden state picked in branches, read through the head (logit lens)
if hasattr(model, "lm_head"):
    h = torch.randn(8, 16)[-1]
else:
    h = torch.randn(8, 16)[0]
b3 = h @ model.lm_head.weight.T
# negative: centred in both branches (the branch does not bring the raw rows back)
if hasattr(model, "lm_head"):
    Wc = model.lm_head.weight - model.lm_head.weight.mean(dim=0, keepdim=True)
else:
    Wc = model.lm_head.weight - model.lm_head.weight.mean(0)
b4 = F.cosine_similarity(Wc[1], Wc[2], dim=0)  # expect: COS110


# %% a list of heads: the end-to-end classifier of a deep linear head, layer by layer
def etf_distance(W):
    K = W.shape[0]
    WWT = torch.mm(W, W.T)
    WWT /= torch.norm(WWT, p="fro")
    return torch.norm(WWT - torch.eye(K) / K**0.5, p="fro")


W_list = []
W_temp = net.fc[-1].weight.clone()
W_list.append(W_temp)
for j in reversed(range(len(net.fc) - 1)):
    W_temp = W_temp @ net.fc[j].weight.clone()
    W_list.append(W_temp)
l1 = etf_distance(W_list[-1])  # expect: COS102
for i in range(len(net.fc)):
    l2 = etf_distance(W_list[i])  # expect: COS102

# negative: a list of class means (NC2 on the features, not on the head)
H_list = []
H_list.append(torch.stack([torch.randn(16) for _ in range(10)]))
l3 = etf_distance(H_list[-1])
# negative: the head times the features is the logits, not a matrix of label rows
feats = torch.randn(32, 16)
logits = net.fc[-1].weight @ feats.T
l4 = logits @ logits.T


# %% the head's first parameter, by iterating its parameters; rows indexed inside a helper
def plot_angle(weights, ids_sorted):
    cos = torch.nn.CosineSimilarity()
    angles = []
    for i in range(len(ids_sorted) - 1):
        a = cos(weights[ids_sorted[i]].unsqueeze(dim=0), weights[ids_sorted[i + 1]].unsqueeze(dim=0))
        angles.append(a.item())
    return angles


for w in model.lm_head.parameters():
    head_rows = w
    break
p1 = plot_angle(head_rows, [5, 9, 11])  # expect: COS101
# negative: the same helper given class means, or the columns of W_U (W_U[i] is a hidden dimension)
p2 = plot_angle(torch.stack([torch.randn(16) for _ in range(10)]), [1, 2, 3])
p3 = plot_angle(model.W_U, [1, 2, 3])
# negative: iterating every parameter of the model picks no head
for p in model.parameters():
    first = p
    break
p4 = plot_angle(first, [1, 2])


# %% iterating a list of heads
for W_layer in W_list:
    i1 = etf_distance(W_layer)  # expect: COS102
for k, W_layer in enumerate(W_list):
    i2 = F.cosine_similarity(W_layer[0], W_layer[1], dim=0)  # expect: COS101
# negative: a list of class-mean matrices, iterated
for H in H_list:
    i3 = etf_distance(H)


# %% a conditional expression: either value may be taken
tied = getattr(model.config, "tie_word_embeddings", False)
W_out = embed_w if tied else model.lm_head.weight
c1 = F.cosine_similarity(W_out[1], W_out[2], dim=0)  # expect: COS101
# negative: a hidden state chosen by a conditional expression, read through the head
h2 = torch.randn(8, 16)[-1] if tied else torch.randn(8, 16)[0]
c2 = h2 @ model.lm_head.weight.T
