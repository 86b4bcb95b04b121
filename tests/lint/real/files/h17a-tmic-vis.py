# cosaudit corpus, synthetic file: same shape as danielbis/tooMuchInCommon/src/vis.py at 659857383f391816d4ee2e519b37420d63d83b36 (licence NOASSERTION); new code, no text copied.
"""Plots for the 'shifted token table' analysis: [unused] tokens vs the rest, and spectra."""
import os

import matplotlib.pyplot as plt
import numpy as np
from sklearn.decomposition import TruncatedSVD
from sklearn.metrics.pairwise import cosine_similarity
from transformers import AutoModel

OUT = os.path.join("experiments", "plots")


def token_table(name):
    return AutoModel.from_pretrained(name).get_input_embeddings().weight.detach().cpu().numpy()


def unused_vs_bins(table, lo=1, hi=999, step=1000):
    unused = table[lo:hi]
    cos_curve, dot_curve = [], []
    for start in range(0, len(table), step):
        block = table[start:start + step]
        cos_curve.append(cosine_similarity(unused, block).mean())
        dot_curve.append((unused @ block.T).mean())
    return cos_curve, dot_curve


def plot_unused(name="bert-base-uncased", step=1000):
    table = token_table(name)
    raw, _ = unused_vs_bins(table, step=step)
    cen, _ = unused_vs_bins(table - table.mean(0), step=step)
    xs = np.arange(len(raw)) * step
    fig, ax = plt.subplots(figsize=(3.2, 2.0))
    ax.plot(xs, raw, label=name)
    ax.plot(xs, cen, "--", label=f"centred {name}")
    ax.set_xlabel("vocabulary index")
    ax.set_ylabel("mean cosine to [unused] tokens")
    ax.legend(frameon=False, fontsize=7)
    fig.savefig(os.path.join(OUT, f"{name}_unused.pdf"))


def plot_spectrum(name):
    table = token_table(name)
    for tag, rows in (("raw", table), ("centred", table - table.mean(0))):
        sv = TruncatedSVD(n_components=50).fit(rows).singular_values_
        plt.figure()
        plt.plot(sv / sv.max())
        plt.title(f"{name} ({tag})")
        plt.savefig(os.path.join(OUT, f"{name}_{tag}_spectrum.pdf"))


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    plot_unused()
    for m in ["gpt2", "bert-base-cased", "roberta-base"]:
        plot_spectrum(m)
