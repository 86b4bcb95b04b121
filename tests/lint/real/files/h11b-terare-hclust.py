# cosaudit corpus, synthetic file: same shape as terare/HC/hierarchical_clustering.py at 99553eb7b726c8d0fc929e7f3b81a772ee850e41 (licence NOASSERTION); new code, no text copied.
"""Ward clustering of per-class mean features and a dendrogram coloured by super-category."""
import argparse
import pickle

import matplotlib.pyplot as plt
from scipy.cluster.hierarchy import dendrogram, fcluster, linkage
from sklearn.metrics import confusion_matrix

from imagenet1k_dict import imagenet1k_dict

ap = argparse.ArgumentParser()
ap.add_argument("--model", choices=["clip", "vit", "wrn"], default="clip")
ap.add_argument("--level", type=int, default=0)
opt = ap.parse_args()

with open(f"features/{opt.model}.pickle", "rb") as fh:
    class_means = pickle.load(fh)  # (1000, d): mean encoder feature of each class

names = [f"{i}:{imagenet1k_dict[i]['label'].split(',')[0]}" for i in range(1000)]

plt.figure(figsize=(300, 50))
Z = linkage(class_means, method="ward")
tree = dendrogram(Z.tolist(), color_threshold=80, labels=names, leaf_font_size=10)

colour = {"animal": ("r", 2), "artifact": ("g", 1)}
truth = [0] * 1000
for tick in plt.gca().get_xmajorticklabels():
    idx = int(tick.get_text().split(":")[0])
    c, g = colour.get(imagenet1k_dict[idx]["multi-label"][opt.level], ("b", 0))
    tick.set_color(c)
    truth[idx] = g
plt.savefig(f"results/dendrogram_{opt.model}.png")

clusters = fcluster(Z, t=3, criterion="maxclust") - 1
print(confusion_matrix(truth, clusters))
