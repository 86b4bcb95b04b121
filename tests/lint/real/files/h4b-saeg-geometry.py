# cosaudit corpus, synthetic file: same shape as xzAscC/SAEGeometry/geometry/geometry.py at 43906d0d0fd8547351a0eb7a3d5f7c252212683a (licence NOASSERTION); new code, no text copied.
from typing import List

import pandas as pd
import seaborn as sns
import sae_lens
import torch


def cos_matrix(x, y):
    x = torch.nn.functional.normalize(x, dim=1)
    y = torch.nn.functional.normalize(y, dim=1)
    return x @ y.T


def plot_decoder_vs_unembedding(saes: List[sae_lens.SAE], model: sae_lens.HookedSAETransformer, name="gemma2"):
    frames = []
    for layer, sae in enumerate(saes):
        sims = cos_matrix(sae.W_dec, model.unembed.W_U.T)
        frames.append(pd.DataFrame({"layer": layer,
                                    "max_cos": sims.max(1).values.cpu(),
                                    "min_cos": sims.min(1).values.cpu()}))
    df = pd.concat(frames)
    ax = sns.boxplot(df, x="layer", y="max_cos")
    ax.get_figure().savefig(f"res/{name}_decoder_vs_unembed.pdf")
    return df
