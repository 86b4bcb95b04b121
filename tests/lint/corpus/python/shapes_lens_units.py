"""Cosine lenses written without a cosine call: a coordinate of the normalised rows, a helper that
normalises both of its arguments, a unit vector of ours against unit head columns, and rows
divided by their own norms against one unit head row. Each has a quiet look-alike: the same
product without the normalisation is a logit (or a projection), which a translation of the head
shifts for every label alike.

Shapes seen in public scripts; written for cosaudit's tests.
"""
import numpy as np
import torch as t
import torch.nn.functional as F
from transformers import AutoModelForCausalLM, AutoTokenizer

model = AutoModelForCausalLM.from_pretrained("org/causal-lm")
tok = AutoTokenizer.from_pretrained("org/causal-lm")

# %% coordinate 0 of every unit row: each row's cosine with the basis direction e_0
unit_rows = F.normalize(model.lm_head.weight, dim=1)
top = unit_rows[:, 0].detach().topk(20)  # expect: COS120
raw_top = model.lm_head.weight[:, 0].detach().topk(20)  # the logit of e_0: quiet
own = unit_rows[:, :8].detach()  # a block of coordinates, not a ranking: quiet
massive_dim = 447  # the residual coordinate being studied, held in a name
aligned = unit_rows[:, massive_dim].topk(20).indices  # expect: COS120
spread = unit_rows[:, None].detach()  # broadcasting, not a coordinate: quiet


# %% a helper that normalises both arguments, given the head and a matrix we do not follow
def pairwise_cos(a, b):
    a = F.normalize(a, dim=1)
    b = F.normalize(b, dim=1)
    return a @ b.T


def raw_products(a, b):
    return a @ b.T


head = model.lm_head.weight.detach()
features_vs_vocab = pairwise_cos(sae.W_dec, head)  # expect: COS120
features_vs_features = pairwise_cos(sae.W_dec, sae.W_dec)  # SAE features with each other: quiet
feature_logits = raw_products(sae.W_dec, head)  # logit effects: quiet

# %% neuron output directions (unit, by hand) against unit head columns picked by square
unembed_cols = head.T  # [d_model, d_vocab]
for layer in range(2):
    out_dirs = blocks[layer].W_out[neurons]
    out_norms = t.norm(out_dirs, dim=-1)
    out_dirs = out_dirs / out_norms.unsqueeze(-1)
    move_cols = unembed_cols.T[square_id].T
    move_cols = move_cols / t.norm(move_cols, dim=0)
    agreement = out_dirs @ move_cols  # expect: COS120
    projection = blocks[layer].W_out[neurons] @ move_cols  # projection on a unit head direction: quiet

# %% rows divided by their own norms against one unit head row (a token-indexed matrix is rows)
W_U = get_W_U(model)
gate = mlp_weights.W_gate
gate_len = np.linalg.norm(gate, axis=1)
row = W_U[tok.encode(" dog", add_special_tokens=False)[0]]
row = row / np.linalg.norm(row)
cos_vals = (gate @ row) / np.maximum(gate_len, 1e-10)  # expect: COS120
scaled = (gate @ row) / np.maximum(batch_size, 1)  # a projection, scaled: quiet
hidden_dim = W_U[3]  # one hidden dimension of a [d_model, d_vocab] matrix: not a row


# %% head rows saved under keys that name them, against averages of some of them (a word's
# sub-token rows), through a helper dividing the product by both norms
def cosine(left, right):
    top = left @ right.T
    den = np.linalg.norm(left, axis=1)[:, None] * np.linalg.norm(right, axis=1)[None, :]
    return top / den


def key_geometry(art):
    numbers = art["number_unembedding"]
    centre = art["unembedding_mean"]
    animals = np.stack([art["animal_unembedding_tokens"][i].mean(0) for i in range(4)])
    return {
        "raw": cosine(animals, numbers),  # expect: COS120
        "centred": cosine(animals - centre, numbers - centre),  # expect: COS120
        "others": cosine(art["feature_directions"], art["steering_directions"]),  # not the head: quiet
        "logits": art["feature_directions"] @ numbers.T,  # logit lens: quiet
        "captured": cosine(animals, art["lm_head_in"]),  # what flows into the head: quiet
    }


# %% a parameter the docstring defines as the (normalised) head rows
def router(hidden, unit_rows, k):
    """unit_rows = F.normalize(lm_head.weight, dim=-1), shape [V, d]."""
    q = F.normalize(hidden, dim=-1)
    return (q @ unit_rows.T).topk(k)  # expect: COS120


def readout(hidden, table, k):
    """table = lm_head.weight, shape [V, d]."""
    return (hidden @ table.T).topk(k)  # the logit lens: quiet


def evaluate_router(model, loader, lm_head_norm_dev, k):
    """Recall of the cosine router.

    Args:
        lm_head_norm_dev: F.normalize(lm_head.weight.float(), dim=-1) [V, d] on the device.
    """
    for batch in loader:
        h_norm = F.normalize(model(batch).hidden_states[-1], dim=-1)
        sims = h_norm @ lm_head_norm_dev.T  # expect: COS120
        yield sims.topk(k).indices


def compute_weight_topk(W_dec, W_U, top_k=50):
    """Top tokens of each SAE feature through the unembedding.

    Args:
        W_dec: (n_features, d_model) decoder weight matrix.
        W_U: (d_model, d_vocab) unembedding matrix.
    """
    projections = W_dec.float() @ W_U.float()  # a logit lens of the decoder: quiet
    return projections.topk(top_k, dim=-1)


def evaluate_logits(model, loader, head_dev):
    """Args:
    head_dev: lm_head.weight [V, d] on the device.
    """
    for batch in loader:
        yield (model(batch).hidden_states[-1] @ head_dev.T).argmax(-1)  # the logit lens: quiet


def projection_plot(direction, unembed, k):
    """Every token's raw unembedding projected on a unit direction: the logit lens, rescaled (quiet)."""
    direction = direction / direction.norm()
    scores = unembed @ direction
    return scores.topk(k)


# %% a helper whose numeric parameters (annotated, or with a number as default) scale a direction:
# a number is never a matrix a caller could pass, so the cosine lens is the helper's own
def steering_alignment(lm, tokenizer, sae, feat: int, alpha: float = -4.0, words=(" I", " you")):
    direction = F.normalize((alpha - 1.0) * sae.W_dec[feat], dim=0)
    unit_cols = F.normalize(lm.W_U, dim=0)
    out = []
    for w in words:
        for tid in tokenizer.encode(w, add_special_tokens=False):
            out.append((w, float(t.dot(direction, unit_cols[:, tid]))))  # expect: COS120
    return out


def steering_logits(lm, tokenizer, sae, feat: int, alpha: float = -4.0):
    direction = (alpha - 1.0) * sae.W_dec[feat]
    return [float(t.dot(direction, lm.W_U[:, tid])) for tid in tokenizer.encode(" I")]  # logits: quiet


# %% the head reached through a Sequential that pairs it with the final norm: `seq[1]` is lm_head
readout_seq = t.nn.Sequential(model.model.norm, model.lm_head)
U = list(readout_seq[1].parameters())[0].detach().float()
U_unit = U / ((U**2).sum(dim=1, keepdim=True)) ** 0.5
latent_unit = F.normalize(latent, dim=-1)
energy = ((U_unit @ latent_unit.T) ** 2).mean(dim=0) ** 0.5  # expect: COS120
gain = list(readout_seq[0].parameters())[0]  # the norm's gain: no head
gain_sim = F.cosine_similarity(gain[:10], gain[10:20], dim=0)


# %% a hidden state mapped by another parameter first (`hidden @ transport.T`), then ranked against
# every unit row: still one vector against the rows; against raw rows it is a logit lens (quiet)
def pursue(model, hidden, transport=None):
    h = hidden if transport is None else hidden @ transport.T
    atoms = F.normalize(model.lm_head.weight, dim=1)
    return (atoms @ h).argmax()  # expect: COS120


def mapped_logit_lens(model, hidden, transport):
    h = hidden @ transport.T
    return (model.lm_head.weight @ h).argmax()
