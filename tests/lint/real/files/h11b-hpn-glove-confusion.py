# cosaudit corpus, synthetic file: same shape as hoangpnhat/FewShotObjectDetection_imporove_via_text_feature/visualize_confusion_matrix.py at 0e27c29ee41f1d10e65d4af437da9711318bd59f (licence MIT); new code, no text copied.
"""Heat map of how close the VOC class names are in a word-vector space."""
import matplotlib.pyplot as plt
import numpy as np
import seaborn as sns
from sklearn.metrics.pairwise import cosine_similarity

VOC = ["aeroplane", "bicycle", "boat", "bottle", "car", "cat", "chair", "diningtable", "dog", "horse",
       "person", "pottedplant", "sheep", "train", "tvmonitor", "bird", "bus", "cow", "motorbike", "sofa"]


def name_vectors(names, source, with_background=False):
    vecs = [np.loadtxt(f"datasets/{source}/{n}.txt") for n in names]
    if with_background:
        vecs.append(np.loadtxt(f"datasets/{source}/background.txt"))
    return vecs


vecs = name_vectors(VOC, "glove")
k = len(VOC)
grid = np.zeros((k, k))
for a in range(k):
    for b in range(k):
        grid[a, b] = round(cosine_similarity([vecs[a]], [vecs[b]])[0, 0], 2)

plt.figure(figsize=(12, 10))
sns.heatmap(grid, annot=True, xticklabels=VOC, yticklabels=VOC, cmap="viridis")
plt.title("GloVe cosine between class names")
plt.tight_layout()
plt.savefig("glove_class_cosine.png")
