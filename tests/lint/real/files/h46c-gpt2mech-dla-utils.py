# Synthetic rewrite of the shape of IrohAmca/gpt2-mechanics:src/core/induction/utils.py at d751da047e4c4e886e50aea43dbf3e6064259ce5 (licence NOASSERTION); not the original text.
"""Per-head direct effect on the token that completes a repeated motif."""
import torch


def _finite(name, t):
    if not torch.isfinite(t).all():
        raise ValueError(f"{name} has non-finite entries")


def head_direct_effect(z_by_layer, tokens, model, meta):
    """z_by_layer: {layer_name: z[batch, pos, head, d_head]} from hook_z."""
    if tokens.dim() == 1:
        tokens = tokens[None]
    dev = model.W_U.device
    w_u = model.W_U.float()                      # [d_model, vocab]
    _finite("W_U", w_u)
    vocab_size = w_u.shape[-1]
    unembed_sum = w_u.sum(dim=-1)                # [d_model]

    out = {}
    qpos = meta["second_copy_positions"].to(dev)
    with torch.inference_mode():
        for name, z in z_by_layer.items():
            layer = int(name.split(".")[1])
            z = z.to(dev).float()[:, qpos]                     # [b, q, h, d_head]
            w_o = model.W_O[layer].float()                     # [h, d_head, d_model]
            writes = torch.einsum("bqhd,hdm->bqhm", z, w_o)
            nxt = tokens.to(dev)[:, qpos + 1]                  # [b, q]
            target_unembed = w_u.T[nxt]                        # [b, q, d_model]
            # target column minus the mean of the others, up to a constant
            direction = (vocab_size * target_unembed - unembed_sum) / (vocab_size - 1)
            out[name] = torch.einsum("bqhm,bqm->bqh", writes, direction).mean((0, 1)).cpu()
    return out

