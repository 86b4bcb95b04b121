# cosaudit corpus, synthetic file: same shape as jebrinton/lang-probing/_archive/scripts/visualize_steering_vectors.py at a61bc22113c8d5338e5f7fc0438d0b7d6d81485f (licence NOASSERTION); new code, no text copied.
"""Compare per-language steering vectors for one grammatical feature value.

A steering vector is mean(activations | feature present) - mean(activations | absent), one per language and layer.
"""
import logging
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import seaborn as sns
import torch
from sklearn.metrics.pairwise import cosine_similarity


def load_vector(root, language, feature, value, layer):
    blob = torch.load(Path(root) / language / f"{feature}={value}" / f"layer{layer}.pt")
    return blob["vector"].cpu().numpy()


def language_cosines(root, layer, feature, value, languages):
    found, vecs = [], []
    for lang in languages:
        try:
            vecs.append(load_vector(root, lang, feature, value, layer))
            found.append(lang)
        except FileNotFoundError:
            logging.warning("missing %s %s=%s layer %d", lang, feature, value, layer)
    if len(found) < 2:
        raise ValueError("need at least two languages")
    sims = cosine_similarity(np.stack(vecs))
    return sims, found


def draw(sims, langs, title, path):
    plt.figure(figsize=(7, 6))
    sns.heatmap(sims, vmin=-1, vmax=1, cmap="vlag", annot=True, fmt=".2f", xticklabels=langs, yticklabels=langs)
    plt.title(title)
    plt.savefig(path, bbox_inches="tight")
    plt.close()


if __name__ == "__main__":
    langs = ["English", "Spanish", "Turkish", "Hindi"]
    sims, found = language_cosines("outputs/steering", 18, "Tense", "Past", langs)
    draw(sims, found, "steering vectors, Tense=Past, layer 18", "sv_cos_layer18.png")
