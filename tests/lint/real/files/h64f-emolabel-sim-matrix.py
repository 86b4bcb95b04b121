# Synthetic rewrite of the shape of StonyBrookNLP/emotion-label-semantics:main_bert_soft_semi_supervision.py at 234edc910eb289ab2a4cf5f8366eefe7092043d3 (licence NOASSERTION); not the original text.
import pickle

import numpy as np
import pandas as pd
from sklearn.metrics.pairwise import cosine_similarity

PLUTCHIK = ["joy", "trust", "fear", "surprise", "sad", "disgust", "anger", "anticipation"]


def cooccurrence_correlation(gold_rows):
    """Pearson correlation between emotion columns of the gold multi-hot label matrix."""
    frame = pd.DataFrame(np.asarray(gold_rows, dtype=np.float64), columns=PLUTCHIK)
    return frame.corr(method="pearson").to_numpy()


def draw_similarity(sim, names, out_png):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(12, 12))
    im = ax.matshow(sim, interpolation="nearest")
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=90)
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels(names)
    ax.set_title("Similarity of emotion-name embeddings")
    fig.colorbar(im)
    fig.savefig(out_png)


def name_embedding_similarity(name_vectors, names, out_dir):
    """name_vectors maps each emotion word to a 768-d vector produced by a BERT encoder."""
    index = {n: k for k, n in enumerate(names)}
    stacked = np.zeros((len(names), 768))
    for n in names:
        stacked[index[n]] = name_vectors[n]
    sim = cosine_similarity(stacked)
    table = pd.DataFrame(sim, index=names, columns=names)
    with open(f"{out_dir}/emotion_name_similarity.pkl", "wb") as fh:
        pickle.dump(table, fh)
    draw_similarity(sim, names, f"{out_dir}/emotion_name_similarity.png")
    return sim


def prepare(train_rows, out_dir):
    # vectors = pickle.load(open("encoder_label_vectors.pkl", "rb"))
    # name_embedding_similarity(vectors, PLUTCHIK, out_dir)
    gold = [row[-1].tolist() for row in train_rows]
    corr = cooccurrence_correlation(gold)
    print("gold label correlations:\n", corr)
    return corr
