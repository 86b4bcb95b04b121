# cosaudit corpus, synthetic file: same shape as Ritik1207-ind/Finer-CAM-XAI/src/similarity/class_similarity.py at 0f57730cf2052f040c154ee78d5c055fdafff67a (licence Apache-2.0); new code, no text copied.
import torch


def read_head(path):
    state = torch.load(path, map_location="cpu")
    return state["fc.weight"]


def class_similarity(rows):
    unit = torch.nn.functional.normalize(rows, dim=1)
    return unit @ unit.T


def reference_classes(sim, target, k=3):
    row = sim[target].clone()
    row[target] = float("-inf")
    values, idx = torch.topk(row, k=k)
    return idx, values
