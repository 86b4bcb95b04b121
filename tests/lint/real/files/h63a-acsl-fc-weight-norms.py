# Synthetic rewrite of the shape of CASIA-IVA-Lab/ACSL:tools/lvis_analyse.py at dd84144a7200f2d755e506d45ee53901f471baa7 (licence Apache-2.0); not the original text.
import pickle

import numpy as np
import torch
from pycocotools.coco import COCO


def instances_per_category(ann_file, n_slots=91):
    api = COCO(ann_file)
    counts = np.zeros(n_slots, dtype=np.int64)
    for anns in api.imgToAnns.values():
        for a in anns:
            counts[a["category_id"]] += 1
    counts = counts[counts > 0]
    return np.concatenate([[0], counts])          # slot 0 is background


def head_statistics(ckpt_path):
    """Per-class size of the detector's classification layer, to compare with class frequency."""
    state = torch.load(ckpt_path, map_location="cpu")["state_dict"]
    w_cls = state["bbox_head.fc_cls.weight"].numpy()   # (num_classes + 1, d)
    b_cls = state["bbox_head.fc_cls.bias"].numpy()
    w_reg = state["bbox_head.fc_reg.weight"].numpy()
    b_reg = state["bbox_head.fc_reg.bias"].numpy()
    return {
        "cls_weight": np.linalg.norm(w_cls, axis=1),
        "cls_bias": b_cls,
        "reg_weight": np.linalg.norm(w_reg, axis=1).reshape(-1, 4).mean(axis=1),
        "reg_bias": b_reg.reshape(-1, 4).mean(axis=1),
    }


def dump_coco_analysis(train_json, val_json, ckpt_path, out_path):
    stats = head_statistics(ckpt_path)
    stats["train_ins"] = instances_per_category(train_json)
    stats["val_ins"] = instances_per_category(val_json)
    with open(out_path, "wb") as fh:
        pickle.dump(stats, fh)
