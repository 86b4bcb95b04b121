# cosaudit corpus, synthetic file: same shape as chunhualiao/llms-semantics/analyzeColorEmbeddings.py at ceb8eda18ec97426160c2c272ae4308d35c8d1b2 (licence NOASSERTION); new code, no text copied.
import json

import matplotlib.pyplot as plt
import seaborn as sns
import torch

names = ["red", "green", "blue", "yellow", "purple", "orange", "black", "white", "grey"]

with open("colour_vectors.json") as fh:
    vectors = json.load(fh)

vectors = {n: torch.tensor(vectors[n]) for n in names}

sims = torch.zeros(len(names), len(names))
for a, first in enumerate(names):
    for b, second in enumerate(names):
        sims[a, b] = torch.nn.functional.cosine_similarity(vectors[first][None], vectors[second][None])

plt.figure(figsize=(9, 7))
sns.heatmap(sims, xticklabels=names, yticklabels=names, annot=True, fmt=".2f", cmap="viridis")
plt.title("Cosine similarity of colour-word vectors")
plt.savefig("colour_similarity.pdf", bbox_inches="tight")
