# Synthetic rewrite of the shape of SantanaC4/Features_vizualization:main.py at dc8d80d3c697023a6e306f2005c66860f36f1ffd (licence NOASSERTION); not the original text.
import os
import pickle

import numpy as np
import seaborn as sns
from matplotlib import pyplot as plt
from scipy import spatial

from features import target_x

CKPT_DIR = "../weights_backup"
blank = np.zeros((784, 1)).T

for ckpt in os.listdir(CKPT_DIR):
    with open(os.path.join(CKPT_DIR, ckpt), "rb") as fh:
        layers = pickle.load(fh)

    # back-propagate a one-hot target of each output unit down to the pixels
    targets_x = [target_x.input(blank, target_x.one_hot(10, 0.01)[k], layers) for k in range(10)]

    sims = []
    for i in range(10):
        row = [1 - spatial.distance.cosine(targets_x[i],targets_x[j]) for j in range(10)]
        sims.append(row)

    hide = np.zeros_like(sims)
    hide[np.triu_indices_from(hide)] = True
    with sns.axes_style("white"):
        sns.heatmap(sims, mask=hide, vmax=.3, square=True, cmap="YlGnBu")
        plt.title(ckpt)
        plt.savefig(os.path.join("../cosine_similarity", ckpt + ".png"))
        plt.close()
