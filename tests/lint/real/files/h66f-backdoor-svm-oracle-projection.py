# Synthetic rewrite of the shape of vtu81/backdoor-toolbox:visualize.py at 9d4d909f25df481dba12b8e8c20c0812b6b1910b (licence NOASSERTION); not the original text.
"""Project penultimate features of one target class onto 1-D axes to see
whether poisoned samples separate from clean ones."""
import numpy as np
import torch
from sklearn import svm
from sklearn.decomposition import PCA


class MeanGapAxis:
    """Axis = difference between the poisoned and the clean feature means."""

    def fit_transform(self, clean, poisoned):
        gap = poisoned.mean(dim=0) - clean.mean(dim=0)
        print("L2 gap between group means:", gap.norm().item())
        return clean @ gap, poisoned @ gap


class SeparatorAxis:
    """Axis = normal of a two-class linear SVM fitted on clean vs poisoned."""

    def __init__(self):
        self.sep = svm.LinearSVC()

    def fit_transform(self, clean, poisoned):
        a, b = clean.numpy(), poisoned.numpy()
        feats = np.vstack([a, b])
        tags = np.r_[np.zeros(len(a)), np.ones(len(b))]
        self.sep.fit(feats, tags)
        print("separator accuracy:", self.sep.score(feats, tags))
        scale = np.linalg.norm(self.sep.coef_)
        self.sep.coef_ = self.sep.coef_ / scale
        self.sep.intercept_ = self.sep.intercept_ / scale
        signed = self.sep.decision_function(feats)
        return signed[: len(a)], signed[len(a):]


class TopSingularAxis:
    """Squared projection on the leading singular direction of centred features."""

    def fit_transform(self, clean, poisoned):
        allf = torch.cat([clean, poisoned])
        allf = allf - allf.mean(dim=0)
        _, _, v = torch.svd(allf)
        top = v[:, 0]
        score = (allf @ top) ** 2
        return score[: len(clean)], score[len(clean):]


def pick_axis(name):
    table = {"pca": lambda: PCA(n_components=2), "oracle": SeparatorAxis,
             "mean_diff": MeanGapAxis, "SS": TopSingularAxis}
    return table[name]()


def spread(clean_feats, poisoned_feats):
    centre = clean_feats.mean(dim=0)
    near = (clean_feats - centre).norm(dim=1).mean()
    far = (poisoned_feats - centre).norm(dim=1).mean()
    print(f"clean spread {near:.3f}, poisoned spread {far:.3f}")
