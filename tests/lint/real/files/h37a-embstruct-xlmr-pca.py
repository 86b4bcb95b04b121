# Synthetic rewrite of the shape of cmdowney88/EmbeddingStructure:tools/xlmr_embeddings_exploration.py at e2934ed195305444f527880d7f847314c61fc9fc (licence MIT); not the original text.
import matplotlib.pyplot as plt
import numpy as np
import torch
from sklearn.decomposition import PCA
from transformers import AutoModelForMaskedLM, AutoTokenizer


def script_of(token, char2script):
    counts = {}
    for ch in token.lstrip("\u2581"):
        s = char2script.get(ord(ch), "UNK")
        counts[s] = counts.get(s, 0) + 1
    return max(counts, key=counts.get) if counts else "UNK"


def per_script_means(table, ids_by_script):
    names = sorted(ids_by_script)
    means = [torch.stack([table[i] for i in ids_by_script[n]]).mean(0) for n in names]
    return names, torch.stack(means).detach().numpy()


def explore(model_dir, char2script):
    mlm = AutoModelForMaskedLM.from_pretrained(model_dir)
    tok = AutoTokenizer.from_pretrained(model_dir)
    table = mlm.get_input_embeddings().weight
    ids_by_script = {}
    for i, t in enumerate(tok.convert_ids_to_tokens(list(range(len(table))))):
        ids_by_script.setdefault(script_of(t, char2script), []).append(i)

    pca = PCA(n_components=2, random_state=0)
    pca.fit(table.detach().numpy())

    names, means = per_script_means(table, ids_by_script)
    centre = pca.transform(table.mean(0, keepdim=True).detach().numpy())
    pts = pca.transform(means)
    plt.scatter(pts[:, 0], pts[:, 1])
    for n, (x, y) in zip(names, pts):
        plt.text(x, y, n, fontsize="x-small")
    plt.text(centre[0, 0], centre[0, 1], "X", color="red")
    plt.show()

    every_token = pca.transform(table.detach().numpy())
    return every_token, ids_by_script
