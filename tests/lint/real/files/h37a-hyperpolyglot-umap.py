# Synthetic rewrite of the shape of andreawwenyi/hyperpolyglot:Figure1-umap.py at 72fada729e01961e855d6abc4dc5b3f8a6f183f4 (licence MIT); not the original text.
import numpy as np
import pandas as pd
import seaborn as sns
import torch
import umap
import matplotlib.pyplot as plt

SCRIPTS = ["LATIN", "CYRILLIC", "CJK", "ARABIC", "GREEK"]


def unit_token_rows(checkpoint):
    family = checkpoint.split("-")[0]
    keep = np.load(f"vocab/m_x_u_{family}_map.npy", allow_pickle=True)
    labels = np.load(f"vocab/{family}_categories.npy", allow_pickle=True)[keep]
    table = torch.load(f"./{checkpoint}/embeddings.pt")
    rows = table[keep, :].float()
    rows = rows / rows.norm(dim=1).reshape(-1, 1)
    return rows, labels


frames = []
for checkpoint in ["mt5-xl", "xlm-roberta-xl"]:
    rows, labels = unit_token_rows(checkpoint)
    mapper = umap.UMAP(n_neighbors=15, min_dist=0.2, n_components=2, metric="euclidean")
    xy = mapper.fit_transform(rows)
    frame = pd.DataFrame(xy, columns=["u1", "u2"])
    frame["script"] = labels
    frame["checkpoint"] = checkpoint
    frames.append(frame)

both = pd.concat(frames)
grid = sns.relplot(
    data=both[both["script"].isin(SCRIPTS)],
    x="u1", y="u2", col="checkpoint", hue="script",
    kind="scatter", alpha=0.3,
    facet_kws={"sharex": False, "sharey": False},
)
grid.set(xticklabels=[], yticklabels=[])
plt.savefig("./figures/umap_token_tables.png", dpi=300, bbox_inches="tight")
