# Synthetic rewrite of the shape of chrismcclurg/FSCIL-ACS:minecraft/utils/get_env-cifar100.py at eddd204ace431d8dce431ed1147f76fcc2658d7d (licence MIT); not the original text.
"""Place CIFAR-100 classes in a Minecraft world: give each class the block whose ConceptNet
Numberbatch vector is closest to the class name's vector, then group classes into buildings."""
import numpy as np
import pandas as pd
from scipy.spatial import distance
from sklearn.cluster import KMeans

block_names = [b for flag, b in pd.read_excel("env/block.xlsx").iloc[:, :2].values if flag == 1]
class_names = [c.strip() for c in pd.read_excel("env/cifar-labels.xlsx").item_fine]
numberbatch = pd.read_hdf("data/numberbatch.h5")
numberbatch = numberbatch.loc[numberbatch.index.str.startswith("/c/en", na=False)]


def concept_uri(word):
    return "/c/en/" + "_".join(w for w in word.lower().split() if w not in {"the", "a", "an"})


def vector(word):
    return numberbatch.loc[concept_uri(word)].values


def find_distance(v1, v2, metric):
    if metric == "euclidean":
        return np.linalg.norm(v1 - v2)
    if metric == "cosine":
        return distance.cosine(v1, v2)
    raise ValueError(metric)


free = {b: vector(b) for b in block_names}
class_vecs = [vector(c) for c in class_names]
assignment = []
for vec in class_vecs:
    best = min(free, key=lambda b: find_distance(vec, free[b], "euclidean"))
    assignment.append(best)
    del free[best]

spread = [np.std(np.bincount(KMeans(4, random_state=s, n_init=10).fit(class_vecs).labels_)) for s in range(20)]
buildings = KMeans(4, random_state=int(np.argmin(spread)), n_init=10).fit(class_vecs).labels_
pd.DataFrame({"cifar": class_names, "block": assignment, "building": buildings}).to_excel("env/cifar-mapping.xlsx")
