# Synthetic rewrite of the shape of ICI-Innolabs/mech-interp-toolkit:src/observational/plot_head.py at b6d63e1dca6a0f62d23659003c30cc1e2b39f2e4 (licence MIT); not the original text.
# Idea kept: a TransformerLens head plot whose "ov" mode builds full OV-circuit
# logits W_E @ W_V @ W_O @ W_U and reads token-pair scores off that matrix;
# the only norm is of value vectors, never of unembedding columns.
import torch
import plotly.express as px
from transformer_lens import HookedTransformer, utils


def head_scores(model: HookedTransformer, cache, toks, layer, head, mode="pattern", effective=False):
    pattern = cache[utils.get_act_name("pattern", layer)][0, head].cpu()
    if mode == "pattern":
        return pattern
    if mode == "value-weighted":
        v_norm = cache[utils.get_act_name("v", layer)][0, :, head, :].norm(dim=-1).cpu()
        return pattern * v_norm[None, :]
    # OV circuit read out through the unembedding
    w_ov = model.W_V[layer, head] @ model.W_O[layer, head]
    if not effective:
        src = model.W_E                                   # vocab x d_model
    else:
        pre = cache[utils.get_act_name("resid_pre", layer)]
        src = (pre + model.blocks[0].mlp(model.blocks[0].ln2(pre)))[0]
    ov_logits = src @ w_ov @ model.W_U                    # rows: sources, cols: vocab
    ids = toks[0].tolist()
    grid = torch.zeros(len(ids), len(ids))
    for q in range(len(ids)):
        for k in range(len(ids)):
            row = ids[k] if not effective else k
            grid[q, k] = ov_logits[row, ids[q]]
    return grid


def plot_head(model, cache, toks, layer, head, mode="ov"):
    z = head_scores(model, cache, toks, layer, head, mode)
    labels = model.to_str_tokens(toks[0])
    return px.imshow(z, x=labels, y=labels, labels={"x": "Keys", "y": "Queries"},
                     title=f"L{layer}H{head} {mode}", color_continuous_scale="RdBu")
