# Synthetic rewrite of the shape of facebookresearch/radioactive_data:detect_radioactivity.py at 9c77362f7824e2e855f7dcb539ea6983bfffba01 (licence CC-BY-NC-4.0); not the original text.
"""Is a suspect classifier trained on marked images? Align its features, then compare its class rows with the secret carriers."""
import argparse

import numpy as np
import torch
from scipy.stats import combine_pvalues

from lib.nets import make_net, features_of
from lib.stats import cos_pvalue

HEAD_KEYS = {"resnet": "fc.weight", "vgg16": "classifier.6.weight", "densenet": "classifier.weight"}

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--carriers", required=True)
    ap.add_argument("--reference", required=True)
    ap.add_argument("--suspect", required=True)
    args = ap.parse_args()

    carriers = torch.load(args.carriers).numpy()            # one unit direction per class
    ref = torch.load(args.reference)
    sus = torch.load(args.suspect)
    ref_feats = features_of(make_net(ref, drop_head=True))
    sus_feats = features_of(make_net(sus, drop_head=True))

    # least-squares map from the reference feature space to the suspect's
    M = np.linalg.lstsq(ref_feats, sus_feats, rcond=None)[0]

    arch = sus["params"]["architecture"]
    key = next(v for k, v in HEAD_KEYS.items() if arch.startswith(k))
    state = sus["model"]
    if key not in state:
        key = "module." + key
    rows = state[key].cpu().numpy() @ M.T                  # class rows in the reference space
    rows = rows / np.linalg.norm(rows, axis=1, keepdims=True)

    per_class = (rows * carriers).sum(axis=1)              # cosine of each class row with its carrier
    print("mean score in sigmas:", per_class.mean() * np.sqrt(rows.shape[0] * carriers.shape[1]))
    pv = [cos_pvalue(c, d=carriers.shape[1]) for c in per_class]
    print("log10 p =", np.log10(combine_pvalues(pv)[1]))
