# cosaudit corpus, synthetic file: same shape as wesg52/universal-neurons/weights.py at d797aaaff2abc6852b97aacc1524621617ad0071 (licence MIT); new code, no text copied.
import einops
import torch


@torch.no_grad()
def vocab_cosines(model, layer):
    w_in = einops.rearrange(model.W_in[layer], "d n -> n d").clone()
    w_out = model.W_out[layer].clone()
    w_in /= w_in.norm(dim=-1, keepdim=True)
    w_out /= w_out.norm(dim=-1, keepdim=True)

    E = model.W_E / model.W_E.norm(dim=-1, keepdim=True)
    U = model.W_U / model.W_U.norm(dim=0, keepdim=True)

    in_E_cos = einops.einsum(E, w_in, "v d, n d -> n v")
    out_U_cos = einops.einsum(U, w_out, "d v, n d -> n v")
    return in_E_cos, out_U_cos


def summarise(model):
    stats = {}
    for layer in range(model.cfg.n_layers):
        _, out_cos = vocab_cosines(model, layer)
        stats[layer] = (out_cos.mean(-1), out_cos.std(-1), out_cos.max(-1).values)
    return stats
