# Synthetic rewrite of the shape of gowrish-kumar-61/mechanistic-interp-gpt2:04_ioi_circuit.py at b336c64e639ddb20c6437aeac8525e6c67e61198 (licence NOASSERTION); not the original text.
import torch

from core.model import config_from_weights


def head_ov(weights: dict, layer: int, head: int) -> torch.Tensor:
    """Return the d_model x d_model OV map of one GPT-2 head (Conv1D layout)."""
    cfg = config_from_weights(weights)
    d, dh, nh = cfg["d_model"], cfg["d_head"], cfg["n_heads"]
    qkv = weights[f"transformer.h.{layer}.attn.c_attn.weight"]
    proj = weights[f"transformer.h.{layer}.attn.c_proj.weight"]
    start = 2 * d + head * dh
    w_v = qkv[:, start:start + dh]
    w_o = proj.reshape(nh, dh, d)[head]
    return w_v @ w_o


def show_copying(weights, layer, head, token_ids, tokenizer, k=5):
    """Push each token's embedding through the head and read it out with the tied table."""
    ov = head_ov(weights, layer, head)
    table = weights["transformer.wte.weight"]  # tied: also the output head
    print(f"head {layer}.{head}")
    for tid in token_ids:
        out_scores = table[tid] @ ov @ table.T
        best = out_scores.topk(k).indices.tolist()
        print(f"  {tokenizer.decode([tid])!r} -> {[tokenizer.decode([b]) for b in best]}")


def logit_gap(logits, io_id, s_id):
    last = logits[0, -1]
    return (last[io_id] - last[s_id]).item()
