# Synthetic rewrite of the shape of wesg52/world-models:analysis/weight_composition.py at a572f162948ee185e9c842eb5fa15e23aad3d218 (licence MIT); not the original text.
import einops
import torch


def unit_rows(mat, dim):
    return mat / mat.norm(dim=dim, keepdim=True)


def probe_weight_alignment(model, probe_dir):
    """Cosine of a linear-probe direction with every weight vector that reads or writes the stream."""
    probe_dir = probe_dir / probe_dir.norm()

    n_layers, d_model, d_mlp = model.W_in.shape
    readers = unit_rows(einops.rearrange(model.W_in, "l d n -> (l n) d").float(), dim=1)
    writers = unit_rows(einops.rearrange(model.W_out, "l n d -> (l n) d").float(), dim=1)
    mlp_in = (readers @ probe_dir).reshape(n_layers, d_mlp)
    mlp_out = (writers @ probe_dir).reshape(n_layers, d_mlp)

    # token tables: W_E is (vocab, d_model); W_U is (d_model, vocab), one column per output token
    emb = unit_rows(model.W_E, dim=-1)
    unemb = unit_rows(model.W_U, dim=0)
    emb_cos = emb @ probe_dir
    unemb_cos = unemb.T @ probe_dir  # one cosine per vocabulary entry

    return {
        "mlp_in": mlp_in.half(),
        "mlp_out": mlp_out.half(),
        "embed": emb_cos.half(),
        "unembed": unemb_cos.half(),
    }
