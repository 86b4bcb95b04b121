# Synthetic rewrite of the shape of zhoudw-zdw/RevisitingCIL:models/base.py at a2e6b71f6a2fed4421609a0917eea861fa387c76 (licence NOASSERTION); not the original text.
"""Base learner for prototype-based class-incremental learning (excerpt):
a UMAP view of test features together with the prototype classifier, and
nearest-mean evaluation on unit-normalised class means."""
import numpy as np
from scipy.spatial.distance import cdist
from torch.utils.data import DataLoader

TINY = 1e-8
LOADER_BATCH = 64


class PrototypeLearner:
    def __init__(self, args):
        self.args = args
        self._net = None
        self._seen = 0
        self._class_means = None

    def draw_embedding(self, with_prototypes=False, unit_rows=False):
        import matplotlib.pyplot as plt
        import umap

        n_cls = self._seen
        test_set = self.data_manager.get_dataset(np.arange(n_cls), source="test", mode="test")
        loader = DataLoader(test_set, batch_size=LOADER_BATCH, shuffle=False)
        points, labels = self._extract_vectors(loader)
        if with_prototypes:
            # rows of the prototype head = running class means of backbone features
            protos = self._net.fc.proj.detach().cpu().numpy()[:n_cls]
            points = np.concatenate([points, protos], axis=0)
        if unit_rows:
            points = points / np.linalg.norm(points, axis=1, keepdims=True)
        flat = umap.UMAP(n_neighbors=5, min_dist=0.3,
                         metric="correlation").fit_transform(points)
        if with_prototypes:
            centres, flat = flat[-n_cls:], flat[:-n_cls]
        dots = plt.scatter(flat[:, 0], flat[:, 1], c=labels, s=20, cmap="tab20")
        plt.legend(*dots.legend_elements())
        if with_prototypes:
            plt.scatter(centres[:, 0], centres[:, 1], marker="*", s=60,
                        c=np.arange(n_cls), cmap="tab20", edgecolors="k")
        plt.savefig(f"{self.args['model_name']}{n_cls}_umap.pdf")
        plt.close()

    def _eval_nearest_mean(self, loader, means):
        feats, truth = self._extract_vectors(loader)
        feats = feats / (np.linalg.norm(feats, axis=1, keepdims=True) + TINY)
        dist = cdist(means, feats, "sqeuclidean")
        ranked = np.argsort(dist.T, axis=1)[:, :5]
        return ranked, truth

    def _class_mean(self, feats):
        feats = feats / (np.linalg.norm(feats, axis=1, keepdims=True) + TINY)
        centre = feats.mean(axis=0)
        return centre / np.linalg.norm(centre)
