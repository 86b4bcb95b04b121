# Synthetic rewrite of the shape of sjgerstner/RW_functionalities:neuron_analysis.py at 18860447f7735d773d76329a619af25be46db6ac (licence Apache-2.0); not the original text.
import pandas as pd
import torch
from transformer_lens import HookedTransformer

from weight_utils import cos


def vocab_readout(vec, model: HookedTransformer, emb=None, k=32, signed=True):
    """Tokens whose unembedding has the largest dot product with vec."""
    if emb is None:
        emb = model.W_U.detach()                 # [d_model, d_vocab]
    logits = torch.matmul(vec, emb)
    if signed:
        vals, idx = torch.topk(logits, k=k)
    else:
        _, idx = torch.topk(logits.abs(), k=k)
        vals = logits[idx]
    words = [model.to_string(i) for i in idx]
    return pd.DataFrame(vals.cpu(), index=words, columns=["dot product"])


def describe_neuron(model: HookedTransformer, layer, unit, emb=None, k=16):
    w_out = model.W_out[layer, unit, :].detach()
    w_in = model.W_in[layer, :, unit].detach()
    summary = {"cos(w_in, w_out)": cos(w_in, w_out).item()}
    if getattr(model, "W_gate", None) is not None:
        w_gate = model.W_gate[layer, :, unit].detach()
        summary["cos(w_gate, w_in)"] = cos(w_gate, w_in).item()
        summary["cos(w_gate, w_out)"] = cos(w_gate, w_out).item()
    tables = {
        "promoted by w_out": vocab_readout(w_out, model, emb, k),
        "suppressed by w_out": vocab_readout(-w_out, model, emb, k),
        "read by w_in": vocab_readout(w_in, model, emb, k),
    }
    for name, df in tables.items():
        print("most similar tokens --", name)
        print(df)
    return summary, tables
