# expect: COS301
"""Heads found by iteration, by position, through modules and in safetensors files.

Shapes seen in public notebooks; written for cosaudit's tests.
"""
import numpy as np
import torch
import torch.nn.functional as F
from safetensors import safe_open
from safetensors.torch import load_file
from sklearn.metrics.pairwise import cosine_similarity
from fancy_einsum import einsum
from transformers import AutoModelForCausalLM, AutoModelForImageClassification

model = AutoModelForCausalLM.from_pretrained("org/causal-lm")
clf = AutoModelForImageClassification.from_pretrained("org/classifier")

# %% by iterating the parameters and testing the name
for name, p in clf.named_parameters():
    if name == "classifier.weight":
        head = p
h1 = F.cosine_similarity(head[0], head[1], dim=0)  # expect: COS101
for name, p in model.named_parameters():
    if "lm_head" in name:
        U = p.detach()
h2 = U[5] @ U[9]  # expect: COS102
for k, v in model.state_dict().items():
    if k.endswith("fc.weight"):
        Wfc = v
h3 = cosine_similarity(Wfc.cpu().numpy())  # expect: COS101
for mname, module in clf.named_modules():
    if mname == "classifier":
        Wm = module.weight
h4 = Wm @ Wm.T  # expect: COS102
picked = [p for n, p in model.named_parameters() if "lm_head" in n][0]
h5 = F.cosine_similarity(picked[3], picked[4], dim=0)  # expect: COS101
out_rows = next((v for k, v in model.state_dict().items() if k.endswith(("lm_head.weight", "embed_out.weight"))), None)
h6 = F.cosine_similarity(out_rows[3], out_rows[4], dim=0)  # expect: COS101
in_rows = next(v for k, v in model.state_dict().items() if k.endswith(("embed_in.weight", "wpe.weight")))
h7 = F.cosine_similarity(in_rows[3], in_rows[4], dim=0)  # untied input rows, or positions: quiet

# %% by position and through modules
last = list(clf.classifier.parameters())[0]
p1 = F.cosine_similarity(last[1], last[2], dim=0)  # expect: COS101
layer = clf.classifier
lw = list(layer.parameters())[0]
p2 = lw @ lw.T  # expect: COS102
pw = list(clf.parameters())[-2]
p3 = F.cosine_similarity(pw[0], pw[1], dim=0)  # expect: COS101
sw = list(clf.state_dict().values())[-2]
p3s = F.cosine_similarity(sw[0], sw[1], dim=0)  # expect: COS101
hs = list(clf.classifier.state_dict().values())[0]
p3h = F.cosine_similarity(hs[0], hs[1], dim=0)  # expect: COS101
bias_or_buffer = list(clf.state_dict().values())[-1]
p3b = F.cosine_similarity(bias_or_buffer[None], bias_or_buffer[None], dim=1)  # the bias, not rows: quiet
emb = model.get_output_embeddings().weight
p4 = F.cosine_similarity(emb[1], emb[2], dim=0)  # expect: COS101
out_layer = model.get_output_embeddings()
ow = out_layer.weight
p5 = ow[1] @ ow[2]  # expect: COS102
cw = clf.classifier[-1].weight
p6 = F.cosine_similarity(cw[0], cw[1], dim=0)  # expect: COS101
hw = clf.head.weight.detach()
p7 = F.cosine_similarity(hw[0], hw[1], dim=0)  # expect: COS101
sq = clf.fc[-1].weight
p8 = sq[0] @ sq[1]  # expect: COS102
glm = model.transformer.output_layer.weight
p9 = F.cosine_similarity(glm[0], glm[1], dim=0)  # expect: COS101
ckpt = torch.load("run.pt")
nested = ckpt["model"]["head.weight"]
p10 = F.cosine_similarity(nested[0], nested[1], dim=0)  # expect: COS101
cifar = torch.load("resnet18.pth", map_location="cpu")["net"]["linear.weight"]
p10b = cifar[0] @ cifar[1]  # expect: COS102
first = clf.fc[0].weight  # a hidden layer of a Sequential head: not label rows
p11 = F.cosine_similarity(first[0], first[1], dim=0)
attn = model.blocks[0].attn.out.weight
p12 = F.cosine_similarity(attn[0], attn[1], dim=0)

# %% the first parameter of a head module, also of a function's `model` parameter
def head_coherence(net):
    rows = next(net.fc.parameters())
    c1 = F.cosine_similarity(rows[0], rows[1], dim=0)  # expect: COS101
    listed = list(net.classifier.parameters())[0]
    c2 = listed[0] @ listed[1]  # expect: COS102
    stem = next(net.parameters())  # the first layer of the network: not the head
    c3 = F.cosine_similarity(stem[0], stem[1], dim=0)
    block = next(iter(net.layer1.parameters()))
    return c1, c2, c3, F.cosine_similarity(block[0], block[1], dim=0)


# %% safetensors: the tensor name from a list or a variable
with safe_open("model.safetensors", framework="pt") as f:
    for tname in ["model.embed_tokens.weight", "lm_head.weight"]:
        T = f.get_tensor(tname)
t1 = F.cosine_similarity(T[1], T[2], dim=0)  # expect: COS101
head_name = "lm_head.weight"
weights = load_file("model.safetensors")
H = weights[head_name]
t2 = H[3] @ H[4]  # expect: COS102
with safe_open("model.safetensors", framework="pt") as f:
    for key in f.keys():
        if key.startswith("lm_head"):
            L = f.get_tensor(key)
t3 = F.cosine_similarity(L[10], L[11], dim=0)  # expect: COS101
names = ["lm_head.weight"]
for n in names:
    K = weights[n]
t4 = F.cosine_similarity(K[1], K[2], dim=0)  # expect: COS101


# %% a head kept on `self` by one method and compared in another
class TokenGeometry:
    def __init__(self, model):
        self.model = model
        self.W = model.lm_head.weight.detach()

    def similarity(self, a, b):
        return F.cosine_similarity(self.W[a], self.W[b], dim=0)  # expect: COS101

    def gram(self):
        Wn = F.normalize(self.model.lm_head.weight, dim=-1)
        return Wn @ Wn.T  # expect: COS101


# %% the unembedding stored under its own name (γ in the linear-representation papers)
gamma = load_file("gamma_model.safetensors")["gamma"]
t5 = F.cosine_similarity(gamma[1], gamma[2], dim=0)  # expect: COS101


# %% functions: never called here, documented, or helpers of helpers
def project_onto_head(model, neurons):
    Wn = model.lm_head.weight / model.lm_head.weight.norm(dim=1, keepdim=True)
    return einsum("vocab d, d n -> vocab n", Wn, neurons)  # expect: COS120


def equiangularity(W):
    """Spread of the pairwise cosines of the classifier rows."""  # expect: COS202
    unit = W / W.norm(dim=1, keepdim=True)
    return (unit @ unit.T).std()  # expect: COS101


def _angle_spread(V):
    cols = V.T / (V.norm(dim=1) + 1e-9)
    return (cols.T @ cols).abs().mean()


def head_angle_spread(W):
    """Angle spread.

    Args:
        W: the weight vectors of the classifiers, one per class.
    """
    return _angle_spread(W)  # expect: COS101


def duality_gap(W, class_means):
    """Args: W: weight vectors of the classifier; class_means: one feature mean per class."""
    return F.cosine_similarity(W, class_means, dim=1).mean()


def metrics(W, C):
    def coherence(V):
        return (V.T @ V).abs().mean()

    W_norms = W.norm(dim=0)
    return {"cos_W": coherence(W / W_norms)}


def evaluate(net):
    return metrics(net.fc.weight.detach().T, 10)  # expect: COS101


# %% a wrapper constructed with the head's rows that ranks them by cosine in its forward pass
class RoutedHead(torch.nn.Module):
    def __init__(self, weight, k=64):
        super().__init__()
        self.k = k
        self.unit = F.normalize(weight, dim=1)

    def forward(self, x):
        sims = F.normalize(x, dim=-1) @ self.unit.T  # expect: COS120
        return torch.topk(sims, self.k, dim=-1).indices


model.lm_head = RoutedHead(model.lm_head.weight)


def collapse_stats(class_means, linear_weights):
    unit = F.normalize(linear_weights, dim=1)
    return torch.matmul(unit, unit.T).std()  # expect: COS101


def weight_feature(weight):
    weight_c = weight - np.mean(weight, 0)  # centre over the classes first
    return cosine_similarity(weight_c, weight_c)


centred_cos = weight_feature(clf.classifier.weight.detach().numpy())  # expect: COS110


# %% an embedding table made of the head's rows (analogy search over output embeddings)
unit_table = torch.nn.Embedding.from_pretrained(F.normalize(model.get_output_embeddings().weight, dim=-1))
king, man = unit_table(torch.tensor(tok.encode(" king"))), unit_table(torch.tensor(tok.encode(" man")))
e1 = F.cosine_similarity(king, man, dim=-1)  # expect: COS101
analogy = unit_table.weight[tok.encode(" queen")[0]] - unit_table.weight[tok.encode(" woman")[0]]
e2 = (unit_table.weight @ analogy).topk(10)  # expect: COS120
raw_table = torch.nn.Embedding.from_pretrained(model.get_output_embeddings().weight)
e3 = (raw_table.weight @ analogy).topk(10)  # unnormalised rows: a logit lens, not a cosine
word_table = torch.nn.Embedding.from_pretrained(glove_vectors)
e4 = F.cosine_similarity(word_table(i), word_table(j), dim=-1)
input_table = torch.nn.Embedding.from_pretrained(model.get_input_embeddings().weight)
e5 = F.cosine_similarity(input_table(i), input_table(j), dim=-1)


def compare_outputs(unembed, a, b):  # `unembed` is a callable here (logits of a and b), not a table
    return F.cosine_similarity(unembed(a), unembed(b), dim=-1)


# %% neural-collapse gaps of a head found by iterating the parameters at each epoch
def etf_gap(W):
    K = W.shape[0]
    Wn = W / torch.norm(W, dim=1, keepdim=True)
    G = torch.mm(Wn, Wn.T)
    return torch.norm(G - (torch.eye(K) - 1 / K) / (K - 1) ** 0.5, p="fro").item()


def etf_gap_about_mean(W):
    W = W - torch.mean(W, dim=0, keepdim=True)
    G = torch.mm(W, W.T)
    G /= torch.norm(G, p="fro")
    return G


def self_duality(W, class_means, global_mean):
    WH = torch.mm(W, (class_means - global_mean).T)
    return WH / torch.norm(WH, p="fro")


for epoch in range(3):
    for pname, param in clf.named_parameters():
        if "fc.weight" in pname:
            fc_rows = param
    gap = etf_gap(fc_rows)  # expect: COS101
    gap_c = etf_gap_about_mean(fc_rows)  # expect: COS110
    duality = self_duality(fc_rows, mu_c, mu_g)

# a classifier named for its role (class-balanced `fc_cb`); a VAE's `fc_mu` is no head
W_cb = clf.fc_cb.weight.detach()
W_cb_unit = W_cb.T / torch.norm(W_cb.T, dim=0)
coherence = (W_cb_unit.T @ W_cb_unit).cpu().numpy()  # expect: COS101
W_mu = vae.fc_mu.weight.detach()
W_mu_unit = W_mu.T / torch.norm(W_mu.T, dim=0)
latent_gram = W_mu_unit.T @ W_mu_unit
