# cosaudit corpus, synthetic file: same shape as jbloomAus/SAELens/sae_lens/tutorial/tsea.py at 91ca16ccd0684e4dd6323cd4f23ded734339ec54 (licence MIT); new code, no text copied.
import numpy as np
import pandas as pd
import plotly.express as px
import torch


def decoder_logit_weights(sae, model):
    """W_dec @ W_U: how much each feature's decoder direction raises each token's logit."""
    return sae.W_dec @ model.W_U                       # [d_sae, d_vocab]


def logit_weight_stats(dec_projection_onto_W_U: torch.Tensor) -> pd.DataFrame:
    x = dec_projection_onto_W_U.float()
    mean = x.mean(-1, keepdim=True)
    std = x.std(-1, keepdim=True)
    skew = (((x - mean) / std) ** 3).mean(-1)
    kurt = (((x - mean) / std) ** 4).mean(-1)
    return pd.DataFrame({"skewness": skew.cpu().numpy(), "kurtosis": kurt.cpu().numpy()})


def plot_feature_logits(dec_projection_onto_W_U, features, vocab):
    rows = dec_projection_onto_W_U[features].cpu().numpy()
    top = np.argsort(-rows, axis=1)[:, :10]
    return px.bar(x=[vocab[i] for i in top[0]], y=rows[0, top[0]], labels={"x": "token", "y": "W_U W_dec"})
