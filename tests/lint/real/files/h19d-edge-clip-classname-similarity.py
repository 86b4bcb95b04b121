# Synthetic rewrite of the shape of AIGNLAI/EDGE:PILOT/utils/edge.py at a60c1179cf762e8c1197ab876a3c06db3a49b639 (licence NOASSERTION); not the original text.
import clip
import numpy as np
import torch
from scipy.cluster.hierarchy import fcluster, linkage
from scipy.spatial.distance import squareform


def class_name_affinity(names, backbone="ViT-B/16", device=None):
    """Cosine affinity between CLIP text embeddings of the class names."""
    device = device or ("cuda" if torch.cuda.is_available() else "cpu")
    model, _ = clip.load(backbone, device=device)
    tokens = torch.cat([clip.tokenize(f"{n}") for n in names]).to(device)
    with torch.no_grad():
        text_features = model.encode_text(tokens)
        text_features = text_features / text_features.norm(dim=-1, keepdim=True)
    sim = (text_features @ text_features.T).float().cpu().numpy()
    return sim


def adjacent_task_affinity(aff, order, n_tasks):
    per = len(order) // n_tasks
    chunks = [order[i * per:(i + 1) * per] for i in range(n_tasks)]
    vals = [aff[a][b] for t in range(n_tasks - 1) for a in chunks[t] for b in chunks[t + 1]]
    return float(np.mean(vals))


def hardest_order(aff, n_classes, n_tasks):
    """Cluster similar classes together, then chain the most alike tasks."""
    dist = 1 - np.asarray(aff)
    np.fill_diagonal(dist, 0)
    ids = fcluster(linkage(squareform(dist), method="complete"), n_tasks, criterion="maxclust")
    size = n_classes // n_tasks
    tasks = [[] for _ in range(n_tasks)]
    for cid in sorted(set(ids), key=lambda c: -np.sum(ids == c)):
        members = list(np.where(ids == cid)[0])
        while members:
            dst = min(range(n_tasks), key=lambda t: len(tasks[t]))
            room = size - len(tasks[dst]) or size
            tasks[dst].extend(members[:room])
            members = members[room:]
    between = np.zeros((n_tasks, n_tasks))
    for i in range(n_tasks):
        for j in range(n_tasks):
            if i != j:
                between[i, j] = np.mean([aff[a][b] for a in tasks[i] for b in tasks[j]])
    chain = [int(np.argmax(between.sum(1)))]
    rest = set(range(n_tasks)) - set(chain)
    while rest:
        nxt = min(rest, key=lambda x: sum(between[t][x] for t in chain))
        chain.append(nxt)
        rest.remove(nxt)
    return [c for t in chain for c in tasks[t]], chain
