# cosaudit corpus, synthetic file: same shape as arthurmensch/cogspaces/exps/analyse/hierachical_clustering.py at 111a80455a67c08008e7cac876194e32affede39 (licence BSD-2-Clause); new code, no text copied.
import os
from os.path import join

import matplotlib.pyplot as plt
import numpy as np
from joblib import Memory, Parallel, delayed, dump, load
from nilearn.input_data import NiftiMasker
from scipy.cluster.hierarchy import cophenet, dendrogram, linkage

from cogspaces.datasets.utils import fetch_mask, get_output_dir

LINKAGE = "average"
os.chdir(join(get_output_dir(), "figure_4", "classifs"))


def cosine_distances(maps):
    """1 - cos between every pair of classification maps (one row per contrast)."""
    lengths = np.linalg.norm(maps, axis=1)
    dist = 1 - maps @ maps.T / np.outer(lengths, lengths)
    return dist, dist[np.triu_indices(len(maps), k=1)]


def cluster_contrasts(model_name, maps, keywords=None):
    labels = np.array(load("names.pkl"))
    if keywords is not None:
        keep = np.array([any(k in lab for k in keywords) for lab in labels])
        maps, labels = maps[keep], labels[keep]
    full, condensed = cosine_distances(maps)
    tree = linkage(condensed, method=LINKAGE, optimal_ordering=True)
    coph, _ = cophenet(tree, condensed)
    leaves = dendrogram(tree, no_plot=True)["leaves"]
    return model_name, labels[leaves], full[leaves][:, leaves], tree, coph


if __name__ == "__main__":
    mem = Memory(cachedir="/tmp/cache")
    masker = NiftiMasker(mask_img=fetch_mask()["hcp"], memory=mem).fit()
    maps = {name: masker.transform(f"classifs_{name}.nii.gz") for name in ("full", "factored", "logistic")}
    jobs = [(name, m, kw) for name, m in maps.items() for kw in (None, ("archi", "brainomics"), ("house", "tool"))]
    results = Parallel(n_jobs=3)(delayed(cluster_contrasts)(*job) for job in jobs)
    for (name, labels, dist, tree, coph), (_, _, kw) in zip(results, jobs):
        tag = "none" if kw is None else "_".join(kw)
        dump((labels, dist, tree, coph), f"dendrogram_{name}_{tag}.pkl")
        fig, ax = plt.subplots(figsize=(10, 8))
        ax.matshow(dist, vmin=0, vmax=2)
        ax.set_title(f"{name}: cophenetic {coph:.3f}")
        fig.savefig(f"dendrogram_{name}_{tag}.png")
