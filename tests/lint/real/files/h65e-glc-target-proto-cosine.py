# Synthetic rewrite of the shape of ispc-lab/GLC:train_target.py at dd1c3fe376dcc31744010bab9193437c2c1fa90c (licence NOASSERTION); not the original text.
import torch
from sklearn.cluster import KMeans


@torch.no_grad()
def one_vs_all_pseudo_labels(feats, probs, n_classes, n_neg_clusters=4, rho=0.75):
    """Global/local clustering pseudo-labels for source-free universal DA.

    feats: (N, D) unit-length target features; probs: (N, C) softmax outputs of the source model.
    """
    n = feats.size(0)
    per_class = max(1, n // n_classes)
    order = probs.argsort(dim=0, descending=True)                 # (N, C)
    pos_idx = order[:per_class].t()                                # (C, per_class)
    neg_idx = order[per_class:].t()

    prior = probs.gather(0, order[:per_class]).mean(0) * (1 - rho) + rho

    # class prototypes are means of the most confident target features
    protos = feats[pos_idx].mean(dim=1)
    protos = protos / protos.norm(p=2, dim=-1, keepdim=True)

    best_is_positive = torch.zeros(n, n_classes)
    for c in range(n_classes):
        km = KMeans(n_clusters=n_neg_clusters, n_init=3).fit(feats[neg_idx[c]].cpu().numpy())
        neg_centres = torch.as_tensor(km.cluster_centers_, dtype=feats.dtype)
        neg_centres = neg_centres / neg_centres.norm(dim=-1, keepdim=True)
        pos_sim = (feats @ protos[c:c + 1].t()) * prior[c]
        neg_sim = feats @ neg_centres.t()
        best = torch.cat([pos_sim, neg_sim], dim=1).argmax(dim=1)
        best_is_positive[:, c] = (best == 0).float()

    # class prior from similarity to the target prototypes
    proto_sim = torch.einsum("nd,cd->nc", feats, protos)
    onehot_prior = torch.zeros_like(proto_sim).scatter(1, proto_sim.argmax(1, keepdim=True), 1.0)
    hard = best_is_positive * onehot_prior
    unknown = hard.sum(1) == 0
    return hard, unknown
