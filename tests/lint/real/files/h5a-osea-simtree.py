# cosaudit corpus, synthetic file: same shape as sun-jiao/osea_morpho_evo/src/similarity_clustering.py at 0d97525e82d3f438eaa64256b9757d47654ae9e9 (licence NOASSERTION); new code, no text copied.
"""Cluster the species into a tree from the saved similarity table (written by species_similarity.py)."""

import csv

import numpy as np
from scipy.cluster.hierarchy import linkage, to_tree
from scipy.spatial.distance import squareform

with open("species.csv") as f:
    names = [f"{i}_{row[2]}".replace(" ", "_") for i, row in enumerate(csv.reader(f))]

sim = np.loadtxt("species_similarity.csv", delimiter=",")[: len(names), : len(names)]
dist = 1.0 - sim
np.fill_diagonal(dist, 0.0)
Z = linkage(squareform(dist, checks=False), method="average")


def newick(node, parent_height):
    if node.is_leaf():
        return f"{names[node.id]}:{parent_height - node.dist:.4f}"
    inner = ",".join(newick(child, node.dist) for child in (node.left, node.right))
    return f"({inner}):{parent_height - node.dist:.4f}"


root = to_tree(Z)
with open("species_tree.nwk", "w") as f:
    f.write(newick(root, root.dist) + ";")
