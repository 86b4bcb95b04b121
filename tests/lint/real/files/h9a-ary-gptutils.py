# cosaudit corpus, synthetic file: same shape as aryamanarora/gpt2-interpret/gptutils/__init__.py at 009e20aebde82b4508737297c4e2d46c71145c4d (licence NOASSERTION); new code, no text copied.
"""Small helpers for poking at static token vectors and layer-wise predictions of GPT-2 / Pythia."""
import numpy as np
import torch
from transformers import GPT2LMHeadModel, GPTNeoXForCausalLM

softmax = torch.nn.Softmax(dim=-1)
cosine = torch.nn.CosineSimilarity(dim=-1, eps=1e-6)


def input_matrix(model):
    """Token vectors the model reads its input from."""
    if isinstance(model, GPTNeoXForCausalLM):
        return model.gpt_neox.embed_in.weight
    if isinstance(model, GPT2LMHeadModel):
        return model.transformer.wte.weight


def output_matrix(model):
    """Matrix that turns a residual vector into vocabulary scores (d_model x vocab)."""
    if isinstance(model, GPTNeoXForCausalLM):
        return model.embed_out.weight
    if isinstance(model, GPT2LMHeadModel):
        return model.transformer.wte.weight.t()


def pretty(tokenizer, idx):
    return tokenizer.decode(idx).replace("\n", "\\n").replace(" ", "_")


def topk_pairs(scores, k=5):
    best = torch.topk(scores, k=k, dim=-1)
    return list(zip(best.indices.tolist(), best.values.tolist()))


def self_prediction_stats(model, transpose_input=False, chunk=2000):
    """For each token: how much softmax(E[t] @ U) puts on t itself, and what it puts first."""
    emb = input_matrix(model)
    dec = emb.t() if transpose_input else output_matrix(model)
    diag_prob, argmax = [], []
    for start in range(0, emb.shape[0], chunk):
        scores = emb[start:start + chunk] @ dec
        probs = scores.softmax(-1)
        diag_prob += torch.diagonal(probs[:, start:start + chunk]).tolist()
        argmax += probs.argmax(-1).tolist()
    return diag_prob, argmax


def static_neighbours(model, tokenizer, tok, transpose_input=False, scale=1.0, k=15):
    """Tokens the static vector of `tok` would predict, with dot and cosine against their decoder rows."""
    emb = input_matrix(model)
    dec = emb.t() if transpose_input else output_matrix(model)
    probs = softmax((emb[tok] * scale) @ dec)
    best = torch.topk(probs, k=k)
    rows = dec.t()
    report = []
    for j, p in zip(best.indices, best.values):
        report.append({
            "token": pretty(tokenizer, j),
            "p": float(p),
            "dot": float(emb[tok] @ rows[j]),
            "cos": float(cosine(emb[tok], rows[j])),
            "norm": float(rows[j].norm()),
        })
    return report


def predictions_per_layer(model, tokenizer, outputs, k=5):
    """Read every layer's hidden state through the final decoder (logit lens)."""
    dec = output_matrix(model)
    table = []
    for pos in range(outputs.hidden_states[0].shape[1]):
        table.append([topk_pairs(softmax(h[0][pos] @ dec), k) for h in outputs.hidden_states])
    return table


def strongest_heads(outputs, src, dst):
    found = []
    for layer, att in enumerate(outputs.attentions):
        for head in range(att.shape[1]):
            found.append((float(att[0, head, src, dst]), layer, head))
    return sorted(found, reverse=True)


def fit_line(xs, ys):
    slope, intercept = np.polyfit(xs, ys, 1)
    return slope, intercept
