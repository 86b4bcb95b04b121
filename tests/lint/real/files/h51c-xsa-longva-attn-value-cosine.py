# Synthetic rewrite of the shape of ZoreAnuj/xsa-longva:analysis/cosine_similarity.py at db124e6c80768949d7fd69428f606f47bbdaf920 (licence NOASSERTION); not the original text.
"""Per encoder layer of a CLIP vision tower: how aligned is each token's attention output with its own value?"""
import torch
import torch.nn.functional as F


def self_value_alignment(vision_encoder, pixel_values):
    totals, counts = {}, {}

    def hook_for(layer_id):
        def hook(attn, inputs, _out):
            x = inputs[0]
            b, n, _ = x.shape
            split = lambda t: t.view(b, n, attn.num_heads, -1).transpose(1, 2)
            q, k, v = split(attn.q_proj(x)), split(attn.k_proj(x)), split(attn.v_proj(x))
            y = F.scaled_dot_product_attention(q, k, v)
            cos = F.cosine_similarity(y.float().flatten(0, 2), v.float().flatten(0, 2), dim=-1)
            totals[layer_id] = totals.get(layer_id, 0.0) + cos.abs().mean().item()
            counts[layer_id] = counts.get(layer_id, 0) + 1
        return hook

    handles = [blk.self_attn.register_forward_hook(hook_for(i))
               for i, blk in enumerate(vision_encoder.encoder.layers)]
    with torch.no_grad():
        vision_encoder(pixel_values)
    for h in handles:
        h.remove()
    return {i: totals[i] / counts[i] for i in sorted(totals)}


def report(scores):
    for layer, s in scores.items():
        print(f"{layer:3d}  {s:.4f}  " + "#" * int(40 * s))
