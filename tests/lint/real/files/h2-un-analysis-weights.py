# cosaudit corpus, synthetic file: same shape as wesg52/universal-neurons/analysis/weights.py at d797aaaff2abc6852b97aacc1524621617ad0071 (licence MIT); new code, no text copied.
import pandas as pd
import torch

from stats import moments


@torch.no_grad()
def neuron_vocab_cos_moments(model):
    U = model.W_U / model.W_U.norm(dim=0, keepdim=True)
    rows = []
    for layer in range(model.cfg.n_layers):
        w_out = model.W_out[layer]
        cos = (w_out @ U) / w_out.norm(dim=1)[:, None]
        mean, var, skew, kurt = moments(cos)
        for n in range(cos.shape[0]):
            rows.append((layer, n, mean[n].item(), var[n].item(), skew[n].item(), kurt[n].item()))
    return pd.DataFrame(rows, columns=["layer", "neuron", "mean", "var", "skew", "kurt"])
