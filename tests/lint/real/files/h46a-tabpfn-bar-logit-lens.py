# Synthetic rewrite of the shape of atharva7-g/tabfm-interp:src/utils/logit_lens.py at 3d97a83c2fd455a3bb19885e8df0b9f3480d8140 (licence NOASSERTION); not the original text.
"""Read a tabular regressor's prediction from every encoder layer (a logit lens over the bin decoder)."""
import numpy as np
import torch
from tabpfn import TabPFNRegressor


def per_layer_means(reg: TabPFNRegressor, X_query: np.ndarray):
    layer_preds = {}

    def make_hook(tag):
        def hook(module, inp, out):
            h = out[0].detach()[-len(X_query):]
            outputs = reg.model_.decoder_dict["standard"](h)
            outputs = outputs[:, -1, :].reshape(1, len(X_query), -1)
            probs = outputs.softmax(dim=-1)
            logp = probs.log().float()
            layer_preds[tag] = reg.normalized_bardist_.mean(logp)
        return hook

    handles = [
        blk.register_forward_hook(make_hook(f"L{i}"))
        for i, blk in enumerate(reg.model_.transformer_encoder.layers)
    ]
    with torch.no_grad():
        reg.predict(X_query)
    for h in handles:
        h.remove()
    return {k: v[0].cpu().numpy() for k, v in layer_preds.items()}
