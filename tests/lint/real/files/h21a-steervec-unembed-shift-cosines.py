# Synthetic rewrite of the shape of ajyl/steering-vectors:ift/exps/gpt2/weight_directions.py at 0e63e88ce9e666c5b75546849324d022830ec178 (licence NOASSERTION); not the original text.
"""Compare steering vectors, instruction-tuning weight deltas and the shift of the unembedding."""
import torch
import torch.nn.functional as F
from fancy_einsum import einsum

from tuning_interp.helpers import load_lm, load_steering_series


def vocab_readout(cfg, k=25):
    series = load_steering_series("steer_series.pt")
    lm, tok = load_lm(cfg["model"])
    unembed_vd = lm.lm_head.weight
    for step, vecs in series.items():
        per_layer = torch.stack([vecs.layer_activations[i] for i in range(24)])
        scores = einsum("layer d, d vocab -> layer vocab", lm.transformer.ln_f(per_layer), unembed_vd.T)
        print(step, tok.batch_decode(scores.topk(k, dim=1).indices))


def steering_self_similarity(series):
    for step, vecs in series.items():
        per_layer = torch.stack([vecs.layer_activations[i] for i in range(24)])
        unit = per_layer / per_layer.norm(dim=1, keepdim=True)
        yield step, unit @ unit.T


def unembed_shift_vs_mlp_out(cfg):
    base, _ = load_lm(cfg["model"])
    tuned = torch.load(cfg["tuned_state"])["state"]
    unembed_shift_vd = tuned["lm_head.weight"] - base.lm_head.weight
    biggest = unembed_shift_vd.norm(dim=1).topk(k=8000).indices
    mean_shift_d = unembed_shift_vd[biggest].mean(dim=0)

    per_layer = []
    for name, param in base.named_parameters():
        if ".mlp.c_proj.weight" not in name:
            continue
        delta = tuned[name] - param
        per_layer.append(F.cosine_similarity(base.transformer.ln_f(delta), mean_shift_d[None, :], dim=1))
    return per_layer


def steering_vs_attn_out(series, cfg):
    base = load_lm(cfg["model"])[0].state_dict()
    tuned = torch.load(cfg["tuned_state"])["state"]
    out = []
    for layer in range(1, 24):
        key = f"transformer.h.{layer - 1}.attn.c_proj.weight"
        delta = tuned[key] - base[key]
        out.append(F.cosine_similarity(delta, series[0].layer_activations[layer][None, :], dim=1))
    return out
