# cosaudit corpus, synthetic file: same shape as rhubarbwu/linguistic-collapse/analyze.py at 9e250206e47ef07a999d3e90f034d4dd07ee58d4 (licence NOASSERTION); new code, no text copied.
import argparse
import pandas as pd
import torch as pt

from lib.statistics import load_means, load_vars
from lib.model import get_classifier_weights
from neural_collapse.measure import (interference_grid, self_duality_error, similarities,
                                     simplex_etf_error, distance_norms, covariance_ratio)

parser = argparse.ArgumentParser()
parser.add_argument("--models", nargs="+", required=True)
parser.add_argument("-etf", "--interfere", action="store_true")
parser.add_argument("-dual", "--duality", action="store_true")
args = parser.parse_args()

rows = {}
for iden in args.models:
    M, mG, counts = load_means(iden)          # token-class means (V, d) and global mean
    rec = {}
    rec["cdnv"] = covariance_ratio(load_vars(iden), M, mG)
    if args.interfere:
        rec["etf_error"] = simplex_etf_error(M, mG)
        rec["interference_std"] = interference_grid(M, mG).std().item()
    if args.duality:
        W = get_classifier_weights(f"TinyStories-{iden}")    # the LM head, (V, d)
        rec["dual_error"] = self_duality_error(W, M.to(W.dtype), mG.to(W.dtype))
        rec["sim_dot"] = similarities(W, M, mG).mean().item()
        rec["sim_cos"] = similarities(W, M, mG, cos=True).mean().item()
        rec["dist_norm"] = distance_norms(W, M, mG).mean().item()
    rows[iden] = rec

pd.DataFrame(rows).T.to_csv("collapse_metrics.csv")
