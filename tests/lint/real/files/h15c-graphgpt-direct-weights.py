# cosaudit corpus, synthetic file: same shape as greatzby/LLM/analyze_matrices.py at 1acf277f95d53d35bed5aa5f6c99b7b112975364 (licence NOASSERTION); new code, no text copied.
"""Path-finding GPT (nanoGPT layout: token rows tied to the output head, learned position rows):
does the direct token-to-token weight favour pairs that are edges of the graph?"""
import numpy as np
import torch

OFFSET = 2


def direct_weights(gpt, n_nodes):
    emb = gpt.transformer.wte.weight
    head = gpt.lm_head.weight
    out = np.zeros((n_nodes, n_nodes))
    with torch.no_grad():
        for i in range(n_nodes):
            for j in range(n_nodes):
                out[i, j] = torch.dot(emb[i + OFFSET], head[j + OFFSET]).item()
    return out


def edge_gap(weights, adjacency):
    off = ~np.eye(len(weights), dtype=bool)
    on_edge = weights[(adjacency == 1) & off]
    off_edge = weights[(adjacency == 0) & off]
    print(f"edge mean {on_edge.mean():.5f}  non-edge mean {off_edge.mean():.5f}")
    print(f"share of positive non-edge weights {100 * (off_edge > 0).mean():.1f}%")
    return on_edge.mean() - off_edge.mean()
