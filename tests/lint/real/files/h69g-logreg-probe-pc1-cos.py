# Synthetic rewrite of the shape of DerOeko/ARENA-SONAR-MechInterp:src/utils/pca_utils.py at aca16113188253814b8be671b60ec4ff489ea04a (licence MIT); not the original text.
# Idea kept: fit a binary (liblinear) logistic-regression probe on sentence
# embeddings, normalise coef_[0] into a direction, and sanity-check it against
# PCA's first component with a cosine.
import numpy as np
from sklearn.decomposition import PCA
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split


def probe_and_compare(X, y, label_pos="formal", label_neg="casual", seed=0):
    pca = PCA(n_components=2, random_state=seed).fit(X)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.25, random_state=seed, stratify=y)
    clf = LogisticRegression(solver="liblinear", C=1.0, max_iter=1000, random_state=seed)
    clf.fit(Xtr, ytr)
    print("train acc", clf.score(Xtr, ytr), "test acc", clf.score(Xte, yte))

    w = clf.coef_[0]                       # single sigmoid probe direction
    w_unit = w / np.linalg.norm(w)
    scores = X @ w_unit
    print(f"mean score {label_pos}: {scores[y == 1].mean():.3f}  {label_neg}: {scores[y == 0].mean():.3f}")

    pc1 = pca.components_[0]               # already unit length
    agreement = float(np.dot(pc1, w_unit))
    print(f"cos(PC1, probe direction) = {agreement:.4f}")
    return w_unit, agreement
