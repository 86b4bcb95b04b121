# Synthetic rewrite of the shape of fanyan0411/PsHD:models/base.py at 528209cef29925abe6d4f13d5ef1872805972e9c (licence MIT); not the original text.
import networkx as nx
import numpy as np
import torch
import torch.nn.functional as F


@torch.no_grad()
def build_sample_graph(model, loader, known_classes, device, old_only=False, mode="probs", thresh=0.8):
    """Link memory samples whose predicted distributions (or features) point the same way."""
    model.eval()
    all_feats, all_scores = [], []
    for _, images, _, _, _, _ in loader:
        images = images.to(device)
        out = model(images)
        scores = out["logits"][:, :known_classes] if old_only else out["logits"]
        all_feats.append(out["features"].cpu())
        all_scores.append(scores.cpu())
    feats = torch.cat(all_feats)
    scores = torch.cat(all_scores)

    if mode == "probs":
        probs = F.softmax(scores, dim=1)
        affinity = F.cosine_similarity(probs.unsqueeze(1), probs, dim=-1)
    else:
        affinity = F.cosine_similarity(feats.unsqueeze(1), feats, dim=-1)

    adjacency = ((affinity > thresh) * affinity).numpy()
    graph = nx.from_numpy_array(adjacency)
    neighbourhoods = {i: {"v_labels": adjacency} for i in np.arange(adjacency.shape[0])}
    return affinity, neighbourhoods, graph
