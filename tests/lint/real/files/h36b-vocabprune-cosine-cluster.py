# Synthetic rewrite of the shape of WoutDeRijck/vocab-pruning:pruning/clustering.py at dd105c97085eb2bcd213d82d0c26f86a26f09785 (licence NOASSERTION); not the original text.
import numpy as np
from scipy.spatial.distance import pdist, squareform
from sklearn.cluster import AgglomerativeClustering


def representative_tokens(ids, encoder, drop_fraction, n_special=5):
    """Shrink a task vocabulary by grouping near-duplicate input token vectors."""
    table = encoder.model.embeddings.tok_embeddings.weight.data   # ModernBERT input table
    keep_always = ids[:n_special]
    candidates = ids[n_special:]
    vecs = table[candidates].cpu().numpy()
    groups = len(candidates) - int(len(ids) * drop_fraction)

    # unit-length rows so that the clustering works on angles
    unit = vecs / np.linalg.norm(vecs, axis=1, keepdims=True)
    try:
        algo = AgglomerativeClustering(n_clusters=groups, metric='cosine', linkage="average")
        assign = algo.fit_predict(unit)
    except TypeError:
        dist = squareform(pdist(unit, metric='cosine'))
        algo = AgglomerativeClustering(n_clusters=groups, metric="precomputed", linkage="average")
        assign = algo.fit_predict(dist)

    kept = list(keep_always)
    for g in np.unique(assign):
        members = np.where(assign == g)[0]
        centre = unit[members].mean(axis=0)
        closest = members[np.argmin(np.linalg.norm(unit[members] - centre, axis=1))]
        kept.append(candidates[closest])
    return kept
