# Synthetic rewrite of the shape of zhangyuo/graph_watermark:detect_mark.py at 01976ae56522da833713d1865f97db668db53826 (licence NOASSERTION); not the original text.
"""Graph-data watermark check: was this GCN node classifier trained on our marked graph?"""
import argparse

import numpy as np
import torch
from scipy.stats import combine_pvalues

from src.stats import cosine_pvalue
from nets.gcn import make_gcn
from nets.util import node_features

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--graph", required=True)
    ap.add_argument("--carrier", required=True)          # (num_classes, dim) secret directions
    ap.add_argument("--marked_ckpt", required=True)
    ap.add_argument("--suspect_ckpt", required=True)
    args = ap.parse_args()

    g = torch.load(args.graph)
    carrier = np.load(args.carrier)

    marked, suspect = make_gcn(g), make_gcn(g)
    marked.load_state_dict(torch.load(args.marked_ckpt))
    suspect_state = torch.load(args.suspect_ckpt)
    suspect.load_state_dict(suspect_state)

    with torch.no_grad():
        f_marked = node_features(marked.eval(), g).cpu().numpy()
        f_suspect = node_features(suspect.eval(), g).cpu().numpy()

    # align the two node-embedding spaces by least squares
    A = np.linalg.lstsq(f_marked, f_suspect, rcond=None)[0]

    head = suspect_state["model"]["fc.weight"].cpu().numpy()   # (C, D) class rows of the node classifier
    rows = head @ A.T
    rows = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    carrier = carrier / np.linalg.norm(carrier, axis=1, keepdims=True)

    per_class = np.sum(rows * carrier, axis=1)       # cosine of each class row with its carrier
    pv = [cosine_pvalue(s, d=carrier.shape[1]) for s in per_class]
    print("mean cosine", per_class.mean(), "log10 p", np.log10(combine_pvalues(pv)[1]))
