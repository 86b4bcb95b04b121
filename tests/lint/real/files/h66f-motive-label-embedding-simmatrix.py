# Synthetic rewrite of the shape of stevensecreti/motive-label-semantics:maslow_main_bert_label.py at 71601be5cd37e52acf69161d66eed44e2d014424 (licence NOASSERTION); not the original text.
"""Multi-label motive classification with BERT; an (inactive) helper builds a
label-by-label similarity matrix from precomputed label-word embeddings."""
import pickle

import numpy as np
from sklearn import metrics

from pybert.train.losses import BCEWithLogLoss
from pybert.model.nn.bert_for_multi_label import BertForMultiLable
from pybert.configs.motive_config import config


# def draw_label_similarity(sim, names):
#     import matplotlib.pyplot as plt
#     fig, ax = plt.subplots(figsize=(18, 18))
#     im = ax.matshow(sim, interpolation="nearest")
#     plt.title("similarity of label-word embeddings")
#     plt.xticks(range(len(names)), names, rotation=90)
#     plt.yticks(range(len(names)), names)
#     fig.colorbar(im)
#     plt.savefig(config["checkpoint_dir"] / "label_sim.png")
#
# def label_similarity(word_vectors, names):
#     import pandas as pd
#     idx = {n: i for i, n in enumerate(names)}
#     mat = np.zeros((len(names), 768))
#     for n in names:
#         mat[idx[n]] = word_vectors[n]
#     sim = metrics.pairwise.cosine_similarity(mat)
#     frame = pd.DataFrame(sim, index=names, columns=names)
#     pickle.dump(frame, open(config["checkpoint_dir"] / "label_sim.p", "wb"))
#     draw_label_similarity(sim, names)
#     return sim


def train(args, processor, loaders):
    names = processor.get_labels()
    model = BertForMultiLable.from_pretrained(config["bert_model_dir"], num_labels=len(names))
    loss = BCEWithLogLoss()  # one sigmoid per motive
    # word_vectors = pickle.load(open("label_word_vectors.p", "rb"))
    # sim = label_similarity(word_vectors, names)
    return model, loss
