# cosaudit corpus, synthetic file: same shape as pdrivier/embedding-geometry/scripts/gpt2-L1-L2-isotropy.py at 33b75974f4078a426bc00a0db46a51adf24da208 (licence NOASSERTION); new code, no text copied.
"""IsoScore (Rudman et al. 2022) of the input embedding matrix across training checkpoints of bilingual GPT models."""
import numpy as np
import pandas as pd
import torch
from sklearn.decomposition import PCA
from transformers import AutoModel

RUNS = ["catherinearnett/B-GPT_en_nl_simultaneous", "catherinearnett/B-GPT_en_es_sequential"]
STEPS = [0, 20000, 64000, 64100, 128000]


def isoscore(points):
    """points: (samples, dims). PCA-rotate, take the variance diagonal, measure its distance to isotropy."""
    rotated = PCA(n_components=points.shape[1]).fit_transform(points).T
    var = np.cov(rotated)[np.diag_indices(rotated.shape[0])]
    n = len(var)
    var = var * np.sqrt(n) / np.linalg.norm(var)
    defect = np.linalg.norm(var - np.ones(n)) / np.sqrt(2 * (n - np.sqrt(n)))
    k = (n - defect ** 2 * (n - np.sqrt(n))) ** 2 / n
    score = ((n - defect ** 2 * (n - np.sqrt(n))) ** 2 - n) / (n * (n - 1))
    return score, k


rows = []
for run in RUNS:
    for step in STEPS:
        net = AutoModel.from_pretrained(run, revision=str(step))
        table = net.wte.weight.detach().cpu().numpy()
        score, k = isoscore(table)
        rows.append({"run": run.split("/")[1], "step": step, "isoscore": score, "kdims": k})

pd.DataFrame(rows).to_csv("results/isoscore-by-step.csv")
