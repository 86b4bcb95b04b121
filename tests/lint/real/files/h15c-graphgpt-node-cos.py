# cosaudit corpus, synthetic file: same shape as greatzby/LLM/analyze_embeddings.py at 2a76844d919fd1ef1891328c05e3754a452c19b0 (licence NOASSERTION); new code, no text copied.
"""Do the node tokens of a path-finding GPT embed the graph? Compare the cosine of token rows for
node pairs joined by an edge with pairs that are not, at several checkpoints.
The GPT here is the nanoGPT layout: wte is tied to lm_head and learned position rows are added."""
import json

import numpy as np
import torch

from model import GPT, GPTConfig

OFFSET = 2  # pad and newline come first


def node_rows(ckpt_path, n_nodes):
    ckpt = torch.load(ckpt_path, map_location="cpu")
    gpt = GPT(GPTConfig(**ckpt["model_args"]))
    gpt.load_state_dict(ckpt["model"])
    return gpt.transformer.wte.weight.detach()[OFFSET:OFFSET + n_nodes].numpy()


def edge_gap(rows, adjacency):
    unit = rows / (np.linalg.norm(rows, axis=1, keepdims=True) + 1e-8)
    cos = unit @ unit.T
    off_diag = ~np.eye(len(rows), dtype=bool)
    on_edge = cos[(adjacency > 0) & off_diag]
    off_edge = cos[(adjacency == 0) & off_diag]
    return float(on_edge.mean()), float(off_edge.mean())


def main(checkpoints, adjacency_file, n_nodes=100):
    adjacency = np.load(adjacency_file)
    summary = []
    for path in checkpoints:
        on_edge, off_edge = edge_gap(node_rows(path, n_nodes), adjacency)
        summary.append({"ckpt": path, "edge": on_edge, "non_edge": off_edge, "gap": on_edge - off_edge})
        print(f"{path}: edge {on_edge:.3f}  non-edge {off_edge:.3f}")
    json.dump(summary, open("node_cosine_gap.json", "w"), indent=2)
