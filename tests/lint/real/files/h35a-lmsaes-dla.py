# Synthetic rewrite of the shape of OpenMOSS/Language-Model-SAEs:src/llamascopium/analysis/direct_logit_attributor.py at 95281ac7ea409a7407f7ef4e480a368413495531 (licence MIT); not the original text.
from functools import singledispatch

import torch
from transformer_lens import HookedTransformer


def decoder_rows_to_logits(rows: torch.Tensor, model: HookedTransformer) -> torch.Tensor:
    """rows: [n_features, d_model] written into the residual stream -> [n_features, d_vocab]."""
    resid = rows[:, None, :]
    if model.cfg.normalization_type is not None:
        resid = model.ln_final(resid)
    logits = model.unembed(resid)
    return logits[:, 0, :]


@singledispatch
def feature_logits(dictionary, model):
    raise NotImplementedError(type(dictionary))


class ToySAE:
    def __init__(self, W_D: torch.Tensor):
        self.W_D = W_D


@feature_logits.register
def _(dictionary: ToySAE, model):
    return decoder_rows_to_logits(dictionary.W_D, model)


def top_and_bottom_tokens(dictionary, model, k: int = 10):
    logits = feature_logits(dictionary, model)
    top_vals, top_idx = torch.topk(logits, k, dim=-1)
    low_vals, low_idx = torch.topk(logits, k, dim=-1, largest=False)
    return {
        "promoted": [model.to_str_tokens(ix) for ix in top_idx],
        "promoted_logits": top_vals.tolist(),
        "suppressed": [model.to_str_tokens(ix) for ix in low_idx],
        "suppressed_logits": low_vals.tolist(),
    }
