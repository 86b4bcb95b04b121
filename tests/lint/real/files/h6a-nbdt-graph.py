# cosaudit corpus, synthetic file: same shape as lisadunlap/explainable-nbdt/nbdt/graph.py at e045bfd0b55b21fd87c9a233b73a0ca77672efff (licence MIT); new code, no text copied.
import networkx as nx
import numpy as np
import torch
from sklearn.cluster import AgglomerativeClustering

HEAD_KEYS = ("fc.weight", "module.fc.weight", "linear.weight", "module.linear.weight")


def head_rows(ckpt_path):
    state = torch.load(ckpt_path, map_location="cpu")
    state = state.get("net", state)
    for key in HEAD_KEYS:
        if key in state:
            return state[key].detach()
    raise KeyError(f"no classifier weight in {ckpt_path}")


def induced_tree(class_ids, ckpt_path, held_out=()):
    all_rows = head_rows(ckpt_path)
    kept = [i for i in range(all_rows.shape[0]) if i not in held_out]
    rows = all_rows[kept].numpy().copy()
    rows -= rows.mean(axis=0, keepdims=True)
    rows /= np.linalg.norm(rows, axis=0, keepdims=True)

    tree = nx.DiGraph()
    tree.add_nodes_from(class_ids[i] for i in kept)
    merges = AgglomerativeClustering(linkage="ward", n_clusters=2).fit(rows).children_
    internal = {}
    for step, (a, b) in enumerate(merges):
        parent = f"inner-{step}"
        internal[step] = parent
        for child in (a, b):
            name = class_ids[kept[child]] if child < len(kept) else internal[child - len(kept)]
            tree.add_edge(parent, name)

    for label in held_out:
        extra = all_rows[label].numpy()
        scores = [np.dot(rows[i], extra) for i in range(rows.shape[0])]
        nearest = class_ids[kept[int(np.argmax(scores))]]
        parent = next(iter(tree.predecessors(nearest)))
        bridge = f"bridge-{label}"
        tree.remove_edge(parent, nearest)
        tree.add_edge(parent, bridge)
        tree.add_edge(bridge, nearest)
        tree.add_edge(bridge, class_ids[label])
    return tree
