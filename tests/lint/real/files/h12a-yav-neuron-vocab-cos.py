# cosaudit corpus, synthetic file: same shape as Yaveria0731/Developmental-Interp-Universal-Neurons/neuron_stats.py at 6b93023c11195a4ea115306e7f8316844e7f72bf (licence NOASSERTION); new code, no text copied.
"""Per-neuron statistics for a HookedTransformer checkpoint: activation moments, weight geometry,
and how each neuron's output direction spreads over the vocabulary."""
import pandas as pd
import torch


def activation_moments(acts: torch.Tensor) -> dict:
    """acts: [layer, neuron, token]"""
    mu = acts.mean(-1)
    sd = acts.std(-1)
    dev = acts - mu[..., None]
    return {
        "mean": mu,
        "std": sd,
        "skew": (dev ** 3).mean(-1) / sd ** 3,
        "kurt": (dev ** 4).mean(-1) / sd ** 4,
        "frac_active": (acts > 0).float().mean(-1),
    }


def weight_geometry(model) -> dict:
    w_in = model.W_in.transpose(1, 2)  # [layer, neuron, d_model]
    w_out = model.W_out                # [layer, neuron, d_model]
    in_unit = w_in / (w_in.norm(dim=-1, keepdim=True) + 1e-8)
    out_unit = w_out / (w_out.norm(dim=-1, keepdim=True) + 1e-8)
    return {
        "in_norm": w_in.norm(dim=-1),
        "out_norm": w_out.norm(dim=-1),
        "in_out_cos": (in_unit * out_unit).sum(-1),
    }


def vocab_spread(model) -> dict:
    out_unit = model.W_out / (model.W_out.norm(dim=-1, keepdim=True) + 1e-8)
    token_unit = model.W_U / (model.W_U.norm(dim=0, keepdim=True) + 1e-8)
    cos_to_tokens = torch.einsum("lnd,dv->lnv", out_unit, token_unit)
    mu = cos_to_tokens.mean(-1)
    var = cos_to_tokens.var(-1)
    dev = cos_to_tokens - mu[..., None]
    return {
        "vocab_mean": mu,
        "vocab_var": var,
        "vocab_skew": (dev ** 3).mean(-1) / (var ** 1.5 + 1e-8),
        "vocab_kurt": (dev ** 4).mean(-1) / (var ** 2 + 1e-8),
    }


def neuron_table(model, acts: torch.Tensor) -> pd.DataFrame:
    cols = {}
    for prefix, stats in (("act_", activation_moments(acts)), ("w_", weight_geometry(model)), ("", vocab_spread(model))):
        for k, v in stats.items():
            cols[prefix + k] = v.flatten().detach().cpu().numpy()
    n_layers, n_neurons = acts.shape[:2]
    idx = pd.MultiIndex.from_product([range(n_layers), range(n_neurons)], names=["layer", "neuron"])
    return pd.DataFrame(cols, index=idx)


def vocab_specialists(df: pd.DataFrame, q: float = 0.95) -> pd.DataFrame:
    return df[df["vocab_kurt"] > df["vocab_kurt"].quantile(q)]
