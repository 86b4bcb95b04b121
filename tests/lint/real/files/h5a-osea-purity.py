# cosaudit corpus, synthetic file: same shape as sun-jiao/osea_morpho_evo/src/clustering_analysis.py at 0d97525e82d3f438eaa64256b9757d47654ae9e9 (licence NOASSERTION); new code, no text copied.
"""Walk the species tree and report clades that are (almost) one family."""

from collections import Counter

import pandas as pd
from ete3 import Tree

THRESHOLD = 0.85
MIN_LEAVES = 5


def family_of_leaves(table="species.csv"):
    df = pd.read_csv(table, header=None)
    return {str(i): df.iloc[i, 4] for i in range(len(df))}


def node_purity(node):
    fams = [leaf.family for leaf in node.iter_leaves() if leaf.family is not None]
    if not fams:
        return 0.0, None
    top, count = Counter(fams).most_common(1)[0]
    return count / len(fams), top


def walk(node):
    purity, fam = node_purity(node)
    if len(node) >= MIN_LEAVES and purity >= THRESHOLD:
        print(f"{len(node)} leaves, {purity:.2f} {fam}")
        return
    for child in node.children:
        walk(child)


tree = Tree("species_tree.nwk", format=1)
families = family_of_leaves()
for leaf in tree.iter_leaves():
    leaf.add_feature("family", families.get(leaf.name.split("_")[0]))
walk(tree)
