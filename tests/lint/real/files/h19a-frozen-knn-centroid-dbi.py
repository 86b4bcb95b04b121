# Synthetic rewrite of the shape of bbehrouzi/frozen-fscil-knn:src/experiment.py at 5b28f8b52bca37b99539a9883a92d6c8cd5477eb (licence NOASSERTION); not the original text.
import numpy as np
from sentence_transformers import SentenceTransformer
from sklearn.metrics import silhouette_score
from sklearn.preprocessing import normalize


class TextEncoder:
    def __init__(self, name="sentence-transformers/all-MiniLM-L6-v2"):
        self.st = SentenceTransformer(name)

    def embed(self, texts):
        return self.st.encode(texts, convert_to_numpy=True, batch_size=32)


def davies_bouldin_on_sphere(unit_emb, labels):
    """Davies-Bouldin index with cosine distance between class centroids."""
    kinds = np.unique(labels)
    centres = normalize(np.stack([unit_emb[labels == k].mean(0) for k in kinds]))
    spread = np.array([
        np.mean(1.0 - unit_emb[labels == k] @ centres[j]) for j, k in enumerate(kinds)
    ])
    centroid_dist = 1.0 - centres @ centres.T
    np.fill_diagonal(centroid_dist, np.inf)
    ratio = (spread[:, None] + spread[None, :]) / centroid_dist
    np.fill_diagonal(ratio, -np.inf)
    return float(ratio.max(1).mean())


def session_cluster_quality(encoder, base_texts, base_y, novel_batches):
    """Cluster quality of the frozen text encoder as novel classes arrive one at a time."""
    pool_x = encoder.embed(base_texts)
    pool_y = np.asarray(base_y)
    rows = [(0, silhouette_score(pool_x, pool_y, metric="cosine"),
             davies_bouldin_on_sphere(normalize(pool_x), pool_y))]
    for step, (texts, ys) in enumerate(novel_batches, start=1):
        pool_x = np.vstack([pool_x, encoder.embed(texts)])
        pool_y = np.concatenate([pool_y, ys])
        rows.append((step,
                     silhouette_score(pool_x, pool_y, metric="cosine"),
                     davies_bouldin_on_sphere(normalize(pool_x), pool_y)))
    return rows
