# Synthetic rewrite of the shape of Adhithyan8/planktons:classifier_analysis.py at f90779d9969336ff6b750f07eed03cfe293b306d (licence NOASSERTION); not the original text.
"""Nearest-neighbour error analysis on saved plankton image embeddings."""
import numpy as np
import pandas as pd
from sklearn.neighbors import KNeighborsClassifier

N_FIT = 115951

vectors = np.load("embeddings/backbone_vectors.npy")
classes = np.load("embeddings/backbone_classes.npy").astype(int)

fit_x, eval_x = vectors[:N_FIT], vectors[N_FIT:]
fit_y, eval_y = classes[:N_FIT], classes[N_FIT:]

# neighbours are ranked by cosine distance between image embeddings
voter = KNeighborsClassifier(n_neighbors=5, metric="cosine", n_jobs=8)
voter.fit(fit_x, fit_y)
guesses = voter.predict(eval_x)

dist, idx = voter.kneighbors(eval_x)
report = pd.DataFrame({"guess": guesses, "truth": eval_y})
for k in range(idx.shape[1]):
    report[f"neighbour_{k + 1}"] = idx[:, k]
    report[f"distance_{k + 1}"] = dist[:, k]

report.to_csv("neighbour_errors.csv", index=False)
