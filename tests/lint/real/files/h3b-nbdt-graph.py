# cosaudit corpus, synthetic file: same shape as alvinwan/neural-backed-decision-trees/nbdt/graph.py at a7a2ee6f735bbc1b3d8c7c4f9ecdd02c6a75fc1e (licence MIT); new code, no text copied.
import networkx as nx
import torch
from sklearn.cluster import AgglomerativeClustering

FC_KEYS = ("fc.weight", "linear.weight", "module.linear.weight", "classifier.weight", "output.fc.weight")


def fc_rows_from_state_dict(state_dict):
    for key in FC_KEYS:
        if key in state_dict:
            return state_dict[key].detach().cpu()
    raise KeyError(f"none of {FC_KEYS} in the checkpoint")


def induced_hierarchy(wnids, state_dict, linkage="ward", affinity="euclidean", branching_factor=2):
    centers = fc_rows_from_state_dict(state_dict)
    assert centers.shape[0] == len(wnids), "the FC layer and the dataset disagree on the number of classes"
    G = nx.DiGraph()
    G.add_nodes_from(wnids)
    clustering = AgglomerativeClustering(linkage=linkage, n_clusters=branching_factor, affinity=affinity).fit(centers)
    index_to_node = {}
    for index, (a, b) in enumerate(clustering.children_):
        children = [wnids[c] if c < len(wnids) else index_to_node[c - len(wnids)] for c in (a, b)]
        parent = f"f{index:05d}"
        G.add_node(parent)
        for child in children:
            G.add_edge(parent, child)
        index_to_node[index] = parent
    return G


if __name__ == "__main__":
    import argparse
    p = argparse.ArgumentParser()
    p.add_argument("--checkpoint", required=True)
    p.add_argument("--induced-linkage", default="ward")
    p.add_argument("--induced-affinity", default="euclidean", help="metric used to compare the FC rows")
    a = p.parse_args()
    sd = torch.load(a.checkpoint, map_location="cpu")["net"]
    tree = induced_hierarchy([f"n{i:08d}" for i in range(10)], sd, a.induced_linkage, a.induced_affinity)
    print(nx.info(tree))
