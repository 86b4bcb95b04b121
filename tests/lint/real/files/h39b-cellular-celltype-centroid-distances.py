# Synthetic rewrite of the shape of LeoAnd00/Masters_Thesis:code/cell_type_representation/visualizations/functions/Eucledian_distance_visualization_functions.py at c79367d436faa2c7854dafd55f1b33ae0eb71253 (licence MIT); not the original text.
import numpy as np
import pandas as pd
import torch
from sklearn.decomposition import PCA


def celltype_centroid_distances(adata, n_components=100, label="cell_type", batch="batch"):
    """Mean (and spread) over donors of the Euclidean distance between cell-type centroids
    computed in a PCA projection of the expression matrix."""
    coords = PCA(n_components=n_components).fit_transform(adata.X)
    types = adata.obs[label].unique()
    donors = adata.obs[batch].unique()

    centroid = {}
    for d in donors:
        for t in types:
            rows = (adata.obs[batch] == d) & (adata.obs[label] == t)
            centroid[(d, t)] = coords[rows.values].mean(axis=0)

    mean_dist = np.zeros((len(types), len(types)))
    sd_dist = np.zeros_like(mean_dist)
    for i, ti in enumerate(types):
        for j, tj in enumerate(types):
            per_donor = []
            for d in donors:
                centroid_i = torch.tensor(centroid[(d, ti)], dtype=torch.float32)
                centroid_j = torch.tensor(centroid[(d, tj)], dtype=torch.float32)
                distance = torch.norm(centroid_j - centroid_i, p=2)
                if not torch.isnan(distance):
                    per_donor.append(distance.item())
            mean_dist[i, j] = np.mean(per_donor)
            sd_dist[i, j] = np.std(per_donor)
    return (pd.DataFrame(mean_dist, index=types, columns=types).fillna(0),
            pd.DataFrame(sd_dist, index=types, columns=types).fillna(0))
