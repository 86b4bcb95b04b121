# Synthetic rewrite of the shape of FishYuLi/BalancedGroupSoftmax:tools/lvis_analyse.py at 90e04fd8ccecd2bc61bbe6053a741ae708da2794 (licence Apache-2.0); not the original text.
"""Relate the size of each detector class row to how many training boxes that class had."""
import json
import pickle

import numpy as np
import torch


def instances_per_category(annotation_path, n_categories=1231):
    with open(annotation_path) as handle:
        meta = json.load(handle)
    counts = np.zeros((n_categories,), dtype=np.int64)
    for cat in meta["categories"]:
        counts[cat["id"]] = cat["instance_count"]
    return counts  # slot 0 stays for the background class


def head_row_sizes(ckpt_path):
    state = torch.load(ckpt_path, map_location="cpu")["state_dict"]
    cls_w = state["bbox_head.fc_cls.weight"].numpy()
    cls_b = state["bbox_head.fc_cls.bias"].numpy()
    row_sizes = np.linalg.norm(cls_w, axis=1)
    return row_sizes, cls_b


def box_head_sizes(ckpt_path, n_cls=81):
    state = torch.load(ckpt_path, map_location="cpu")["state_dict"]
    cls_sizes = np.linalg.norm(state["bbox_head.fc_cls.weight"].numpy(), axis=1)
    reg = state["bbox_head.fc_reg.weight"].numpy()
    reg_sizes = np.linalg.norm(reg, axis=1).reshape((n_cls, 4)).mean(axis=1)
    return {"cls": cls_sizes, "reg": reg_sizes}


def bin_sizes_by_frequency(row_sizes, counts, edges=(10, 100, 1000)):
    groups = {}
    lo = 0
    for hi in list(edges) + [None]:
        if hi is None:
            chosen = np.where(counts >= lo)[0]
        else:
            chosen = np.where((counts >= lo) & (counts < hi))[0]
        chosen = chosen[chosen > 0]
        groups[(lo, hi)] = float(row_sizes[chosen].mean()) if len(chosen) else float("nan")
        lo = hi if hi is not None else lo
    return groups


if __name__ == "__main__":
    counts = instances_per_category("./data/lvis/lvis_v0.5_train.json")
    sizes, bias = head_row_sizes("./work_dirs/frcnn_lvis/latest.pth")
    with open("./data/lvis/head_rows.pkl", "wb") as out:
        pickle.dump({"counts": counts, "sizes": sizes, "bias": bias}, out)
    print(bin_sizes_by_frequency(sizes, counts))
